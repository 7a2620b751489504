ALTER TABLE "gift_vouchers" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD COLUMN "recipient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD COLUMN "message" text DEFAULT '' NOT NULL;
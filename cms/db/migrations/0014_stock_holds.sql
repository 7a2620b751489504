ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD COLUMN "per_member_limit" integer;--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("status","hold_expires_at");
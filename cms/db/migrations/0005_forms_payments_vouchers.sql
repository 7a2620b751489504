CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"form_version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"signature_hash" text,
	"user_id" integer,
	"url" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"use_captcha" boolean DEFAULT false NOT NULL,
	"must_be_logged_on" boolean DEFAULT false NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_email" text DEFAULT '' NOT NULL,
	"thank_you" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"reference_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"surcharge_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"email" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"theme_id" integer,
	"amount_cents" integer NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"buyer_user_id" integer,
	"payment_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"issued_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_theme_id_voucher_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."voucher_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_key_idx" ON "form_submissions" USING btree ("form_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_url_idx" ON "forms" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_token_idx" ON "payments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("kind","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code_idx" ON "gift_vouchers" USING btree ("code");
ALTER TABLE "form_submissions" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "ticket_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_ticket_idx" ON "form_submissions" USING btree ("ticket_code");
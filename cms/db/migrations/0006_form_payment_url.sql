ALTER TABLE "form_submissions" ADD COLUMN "payment_url" text;--> statement-breakpoint
UPDATE "form_submissions" SET "payment_url" = "answers"->>'@payment', "answers" = "answers" - '@payment' WHERE "answers"->>'@payment' IS NOT NULL;

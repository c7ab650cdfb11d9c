-- Issue 20: the brand's hourly budget of wrong staff PINs counts a tenant's tries by time
-- (staff_pin_failures_tenant_created, tries after staff_pins.budget_from_idx); one-time codes in message_outbox are kept readable only in the
-- demo and only until used or expired (secret_variable, secret_expires_at; server/providers/messaging/secrets.ts).
ALTER TABLE "message_outbox" ADD COLUMN "secret_variable" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_pins" ADD COLUMN "budget_from_idx" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "message_outbox_secret_expires" ON "message_outbox" USING btree ("secret_expires_at") WHERE "message_outbox"."secret_expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_pin_failures_tenant_created" ON "staff_pin_failures" USING btree ("tenant_idx","created_at");--> statement-breakpoint
-- Lounge codes written before this kept the code readable: mask it (in the code and in the text that carries it).
UPDATE "message_outbox" SET "variables" = jsonb_build_object(
  'code', repeat('*', length("variables"->>'code')),
  'text', replace("variables"->>'text', "variables"->>'code', repeat('*', length("variables"->>'code')))
) WHERE "template_code" = 'LOUNGE_OTP' AND "variables" ? 'code' AND "variables" ? 'text';

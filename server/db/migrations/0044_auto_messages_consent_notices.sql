CREATE TABLE "consent_notices" (
	"tenant_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"since_day" date NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_notices_tenant_idx_customer_idx_since_day_pk" PRIMARY KEY("tenant_idx","customer_idx","since_day")
);
--> statement-breakpoint
CREATE TABLE "message_auto_batches" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"campaign_idx" integer NOT NULL,
	"run_key" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"target_count" integer DEFAULT 0 NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"unsent_count" integer DEFAULT 0 NOT NULL,
	"message_cost" bigint DEFAULT 0 NOT NULL,
	"notice" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "message_auto_batches_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "batch_idx" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_recipients" DROP CONSTRAINT "message_recipients_tenant_idx_campaign_idx_customer_idx_pk";--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_tenant_idx_campaign_idx_batch_idx_customer_idx_pk" PRIMARY KEY("tenant_idx","campaign_idx","batch_idx","customer_idx");--> statement-breakpoint
ALTER TABLE "message_campaigns" ADD COLUMN "auto_state" text;--> statement-breakpoint
UPDATE "message_campaigns" SET "auto_state" = 'OFF' WHERE "kind" = 'AUTO';--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "occurrence" text;--> statement-breakpoint
CREATE INDEX "consent_notices_last" ON "consent_notices" USING btree ("tenant_idx","customer_idx","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_auto_batches_run" ON "message_auto_batches" USING btree ("tenant_idx","campaign_idx","run_key");--> statement-breakpoint
CREATE INDEX "message_auto_batches_due" ON "message_auto_batches" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "message_campaigns_auto_on" ON "message_campaigns" USING btree ("auto_state") WHERE "message_campaigns"."auto_state" = 'ON';--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_occurrence" ON "message_recipients" USING btree ("tenant_idx","campaign_idx","customer_idx","occurrence") WHERE "message_recipients"."occurrence" IS NOT NULL AND "message_recipients"."status" <> 'UNSENT';
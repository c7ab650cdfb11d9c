CREATE TABLE "message_result_polls" (
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"tenant_idx" integer NOT NULL,
	"campaign_idx" integer NOT NULL,
	"batch_idx" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "message_result_polls_provider_ref_pk" PRIMARY KEY("provider","ref")
);
--> statement-breakpoint
CREATE INDEX "message_result_polls_due" ON "message_result_polls" USING btree ("next_poll_at") WHERE "message_result_polls"."done_at" IS NULL;
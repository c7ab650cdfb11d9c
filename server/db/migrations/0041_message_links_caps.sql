CREATE TABLE "message_clicks" (
	"tenant_idx" integer NOT NULL,
	"campaign_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"button" smallint NOT NULL,
	"clicks" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_clicks_tenant_idx_campaign_idx_customer_idx_button_pk" PRIMARY KEY("tenant_idx","campaign_idx","customer_idx","button")
);
--> statement-breakpoint
CREATE TABLE "message_daily_caps" (
	"tenant_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "message_daily_caps_tenant_idx_customer_idx_channel_day_pk" PRIMARY KEY("tenant_idx","customer_idx","channel","day")
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "link_token" text;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "cap_day" date;--> statement-breakpoint
CREATE INDEX "message_daily_caps_day" ON "message_daily_caps" USING btree ("tenant_idx","channel","day");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_link_token" ON "message_recipients" USING btree ("link_token");--> statement-breakpoint
-- The ads already delivered today and before hold their slots (the cap counted them from message_recipients until now).
INSERT INTO "message_daily_caps" ("tenant_idx", "customer_idx", "channel", "day", "n")
SELECT "tenant_idx", "customer_idx", "channel", "sent_day", count(*)::int FROM "message_recipients"
WHERE "ad" AND "status" = 'SENT' AND "sent_day" IS NOT NULL
GROUP BY "tenant_idx", "customer_idx", "channel", "sent_day";--> statement-breakpoint
UPDATE "message_recipients" SET "cap_day" = "sent_day" WHERE "ad" AND "status" = 'SENT' AND "sent_day" IS NOT NULL;

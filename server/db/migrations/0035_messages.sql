CREATE TABLE "customer_kakao_consents" (
	"tenant_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"agreed" char(1) NOT NULL,
	"agreed_at" timestamp with time zone,
	"noticed_at" timestamp with time zone,
	CONSTRAINT "customer_kakao_consents_tenant_idx_customer_idx_pk" PRIMARY KEY("tenant_idx","customer_idx")
);
--> statement-breakpoint
CREATE TABLE "message_campaigns" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"kind" text DEFAULT 'TEMP' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"message_title" text NOT NULL,
	"message_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"held" boolean DEFAULT false NOT NULL,
	"notice" text,
	"claimed_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"replace_send_count" integer DEFAULT 0 NOT NULL,
	"unsent_count" integer DEFAULT 0 NOT NULL,
	"message_cost" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_campaigns_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "message_channels" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"sender_key" text,
	"kakao_state" text DEFAULT 'NONE' NOT NULL,
	"sender_number" text,
	"sender_number_state" text DEFAULT 'NONE' NOT NULL,
	"opt_out_number" text,
	"contact" text,
	"frequency_cap" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"tenant_idx" integer NOT NULL,
	"phone" text NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_tenant_idx_phone_pk" PRIMARY KEY("tenant_idx","phone")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"tenant_idx" integer NOT NULL,
	"campaign_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"name" text NOT NULL,
	"country_code" text DEFAULT '82' NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"ad" boolean NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"sent_kind" text,
	"fallback" boolean DEFAULT false NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"reservation_idx" integer,
	"provider_key" text NOT NULL,
	"fail_reason" text,
	"sent_day" date,
	"result_at" timestamp with time zone,
	CONSTRAINT "message_recipients_tenant_idx_campaign_idx_customer_idx_pk" PRIMARY KEY("tenant_idx","campaign_idx","customer_idx")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"scope" text NOT NULL,
	"message_title" text NOT NULL,
	"message_type" text NOT NULL,
	"template_talk_class" text DEFAULT 'GENERAL' NOT NULL,
	"content" text NOT NULL,
	"title" text,
	"image_url" text,
	"wide" boolean DEFAULT false NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_title" text,
	"coupon_day" integer,
	"review_state" text,
	"review_comment" text,
	"provider_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE INDEX "message_campaigns_list" ON "message_campaigns" USING btree ("tenant_idx","kind","idx");--> statement-breakpoint
CREATE INDEX "message_campaigns_due" ON "message_campaigns" USING btree ("status","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_provider_key" ON "message_recipients" USING btree ("provider_key");--> statement-breakpoint
CREATE INDEX "message_recipients_cap" ON "message_recipients" USING btree ("tenant_idx","customer_idx","channel","sent_day");--> statement-breakpoint
CREATE INDEX "message_recipients_batch" ON "message_recipients" USING btree ("tenant_idx","reservation_idx","status");--> statement-breakpoint
CREATE INDEX "message_templates_list" ON "message_templates" USING btree ("tenant_idx","scope","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_provider_code" ON "message_templates" USING btree ("provider_code");
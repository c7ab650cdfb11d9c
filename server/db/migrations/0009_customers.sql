CREATE TABLE "customer_downloads" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"admin_idx" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_downloads_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"name" text NOT NULL,
	"group_no" integer NOT NULL,
	"min_purchase_amount" bigint DEFAULT 0 NOT NULL,
	"min_purchase_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"customer_idx" integer NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"product_name" text NOT NULL,
	"payment_amount" bigint NOT NULL,
	"point_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_orders_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "customer_overview" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"metrics" jsonb,
	"last_week" jsonb,
	"updating" boolean DEFAULT false NOT NULL,
	"updating_since" timestamp with time zone,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_point_ledger" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"customer_idx" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"balance" bigint NOT NULL,
	"order_idx" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_point_ledger_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "customer_settings" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"point_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"on_offline_point_toggle" char(1) DEFAULT 'N' NOT NULL,
	"grade_schedule" text DEFAULT 'monthly' NOT NULL,
	"grade_period_months" integer DEFAULT 12 NOT NULL,
	"last_grade_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gender" char(1);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birthday" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agree_marketing" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agree_marketing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agree_sms" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agree_sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agree_email" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agree_email_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_wallet" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_cafe24_interwork" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "interwork_group_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "interwork_point" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "interwork_email" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "interwork_agree_sms" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "interwork_agree_email" char(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "group_idx" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "point_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "total_order_price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "total_order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "platform_order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "own_mall_order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "offline_order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "latest_ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registered_at" date GENERATED ALWAYS AS (((created_at AT TIME ZONE 'Asia/Seoul')::date)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_lc" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_lc" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE INDEX "customer_downloads_tenant_created" ON "customer_downloads" USING btree ("tenant_idx","created_at");--> statement-breakpoint
CREATE INDEX "customer_groups_tenant_no" ON "customer_groups" USING btree ("tenant_idx","group_no");--> statement-breakpoint
CREATE INDEX "customer_orders_tenant_customer" ON "customer_orders" USING btree ("tenant_idx","customer_idx","ordered_at");--> statement-breakpoint
CREATE INDEX "customer_orders_tenant_ordered" ON "customer_orders" USING btree ("tenant_idx","ordered_at");--> statement-breakpoint
CREATE INDEX "customer_point_ledger_tenant_customer" ON "customer_point_ledger" USING btree ("tenant_idx","customer_idx","idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_created" ON "customers" USING btree ("tenant_idx","created_at","idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_name" ON "customers" USING btree ("tenant_idx","name","idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_order_price" ON "customers" USING btree ("tenant_idx","total_order_price","idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_order_count" ON "customers" USING btree ("tenant_idx","total_order_count","idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_latest_order" ON "customers" USING btree ("tenant_idx","latest_ordered_at" NULLS FIRST,"idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_point" ON "customers" USING btree ("tenant_idx","point_balance","idx");--> statement-breakpoint
CREATE INDEX "customers_tenant_group" ON "customers" USING btree ("tenant_idx","group_idx");--> statement-breakpoint
CREATE INDEX "customers_name_lc_trgm" ON "customers" USING gin ("name_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_lc_trgm" ON "customers" USING gin ("email_lc" gin_trgm_ops);
CREATE TABLE "brands" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"admin_idx" integer NOT NULL,
	"service" text NOT NULL,
	"is_agreed" char(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"account_idx" serial NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"recharge_threshold" integer,
	"recharge_amount" integer,
	"auto_recharge_activated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_idx" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_settings" (
	"tenant_idx" integer NOT NULL,
	"name" text NOT NULL,
	"option" jsonb,
	"end_at" timestamp with time zone,
	CONSTRAINT "feature_settings_tenant_idx_name_pk" PRIMARY KEY("tenant_idx","name")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"idx" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"idx" serial PRIMARY KEY NOT NULL,
	"parent_idx" integer,
	"admin_type" text NOT NULL,
	"b2b_type" text,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"company_name" text NOT NULL,
	"phone_num" text NOT NULL,
	"business_num" text,
	"is_leaved" char(1) DEFAULT 'N' NOT NULL,
	"leaved_at" timestamp with time zone,
	"leave_reason" text,
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"level" integer NOT NULL,
	"plus_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_activated" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_terms_contacts" (
	"tenant_idx" integer NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "service_terms_contacts_tenant_idx_role_pk" PRIMARY KEY("tenant_idx","role")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_idx" integer NOT NULL,
	"tenant_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"plan_id" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"is_canceled" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE INDEX "consent_records_admin" ON "consent_records" USING btree ("tenant_idx","admin_idx","service");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_email_key" ON "partnerships" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_business_num_key" ON "partnerships" USING btree ("business_num") WHERE "partnerships"."business_num" is not null;--> statement-breakpoint
CREATE INDEX "partnerships_parent_idx" ON "partnerships" USING btree ("parent_idx");--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_idx");
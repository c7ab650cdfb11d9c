CREATE TABLE "consignment_notices" (
	"tenant_idx" integer NOT NULL,
	"admin_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "consignment_notices_tenant_idx_admin_idx_pk" PRIMARY KEY("tenant_idx","admin_idx")
);
--> statement-breakpoint
CREATE TABLE "onboarding_completions" (
	"tenant_idx" integer NOT NULL,
	"item_key" text NOT NULL,
	"admin_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_completions_tenant_idx_item_key_pk" PRIMARY KEY("tenant_idx","item_key")
);
--> statement-breakpoint
CREATE TABLE "platform_notices" (
	"idx" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"posted_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_notices_posted" ON "platform_notices" USING btree ("posted_on","idx");
CREATE TABLE "lounge_settings" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"theme_color" text NOT NULL,
	"logo" text,
	"image" text,
	"membership_idx_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_idx_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_stamp" char(1) DEFAULT 'Y' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamp_cards" (
	"tenant_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"card_no" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_cards_tenant_idx_customer_idx_pk" PRIMARY KEY("tenant_idx","customer_idx")
);
--> statement-breakpoint
CREATE TABLE "stamp_history" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"customer_idx" integer NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"ref_idx" integer,
	"card_no" integer NOT NULL,
	"count_after" integer NOT NULL,
	"goal" integer NOT NULL,
	"coupon_idx" integer,
	"customer_coupon_idx" integer,
	"fail_reason" text,
	"memo" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_history_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "stamp_settings" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"goal" integer NOT NULL,
	"reward_coupon_idx" integer NOT NULL,
	"trigger" text NOT NULL,
	"active" char(1) DEFAULT 'Y' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stamp_history_tenant_status" ON "stamp_history" USING btree ("tenant_idx","status","idx");--> statement-breakpoint
CREATE INDEX "stamp_history_tenant_customer" ON "stamp_history" USING btree ("tenant_idx","customer_idx","idx");
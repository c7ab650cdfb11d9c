CREATE TABLE "coupons" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"title" text NOT NULL,
	"membership_idx" integer,
	"expire_type" integer,
	"expire_days" integer,
	"expire_date" date,
	"use_place" integer,
	"store_idx_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_count_limit" char(1) DEFAULT 'N' NOT NULL,
	"count_limit" integer,
	"code" text,
	"barcode" text,
	"use_image" char(1) DEFAULT 'N' NOT NULL,
	"image" text,
	"use_password" char(1) DEFAULT 'N' NOT NULL,
	"once_per_customer" char(1) DEFAULT 'N' NOT NULL,
	"is_birthday" char(1) DEFAULT 'N' NOT NULL,
	"birthday_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
ALTER TABLE "nft_templates" ADD COLUMN "expire_type" text;--> statement-breakpoint
ALTER TABLE "nft_templates" ADD COLUMN "expire_date" text;--> statement-breakpoint
ALTER TABLE "nft_templates" ADD COLUMN "expire_days" integer;--> statement-breakpoint
ALTER TABLE "nft_templates" ADD COLUMN "benefits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nft_templates" ADD COLUMN "partners_coupon" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_tenant_created_at" ON "coupons" USING btree ("tenant_idx","created_at");
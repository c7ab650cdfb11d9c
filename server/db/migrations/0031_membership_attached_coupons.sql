CREATE TABLE "membership_attached_coupons" (
	"tenant_idx" integer NOT NULL,
	"template_idx" integer NOT NULL,
	"attached_key" text NOT NULL,
	"coupon_idx" integer NOT NULL,
	"coupon_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_attached_coupons_tenant_idx_template_idx_attached_key_pk" PRIMARY KEY("tenant_idx","template_idx","attached_key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "membership_attached_coupons_coupon" ON "membership_attached_coupons" USING btree ("tenant_idx","coupon_idx");
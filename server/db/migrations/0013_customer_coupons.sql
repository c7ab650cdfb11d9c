CREATE TABLE "customer_coupons" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"coupon_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"nft_idx" integer,
	"source" text NOT NULL,
	"status" text DEFAULT 'ISSUED' NOT NULL,
	"once" boolean DEFAULT false NOT NULL,
	"barcode" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_store_idx" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_coupons_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE INDEX "customer_coupons_tenant_customer" ON "customer_coupons" USING btree ("tenant_idx","customer_idx","status");--> statement-breakpoint
CREATE INDEX "customer_coupons_tenant_coupon" ON "customer_coupons" USING btree ("tenant_idx","coupon_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coupons_tenant_barcode" ON "customer_coupons" USING btree ("tenant_idx","barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coupons_once" ON "customer_coupons" USING btree ("tenant_idx","coupon_idx","customer_idx") WHERE "customer_coupons"."once";
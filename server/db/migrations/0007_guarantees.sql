CREATE TABLE "customers" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"country_code" text DEFAULT '82' NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"channel" text NOT NULL,
	"template_code" text NOT NULL,
	"country_code" text DEFAULT '82' NOT NULL,
	"phone" text NOT NULL,
	"variables" jsonb NOT NULL,
	"ref_type" text,
	"ref_idx" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "nft_templates" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"template_type" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"nft_card_name" text NOT NULL,
	"background_img" text,
	"nft_custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nft_custom_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nft_custom_contents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_field_material" char(1) DEFAULT 'N' NOT NULL,
	"use_field_size" char(1) DEFAULT 'N' NOT NULL,
	"use_field_weight" char(1) DEFAULT 'N' NOT NULL,
	"use_nft_prod_image" char(1) DEFAULT 'Y' NOT NULL,
	"user_minting_field" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_user_minting" char(1) DEFAULT 'N' NOT NULL,
	"filtering_stores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_all_place_search" char(1) DEFAULT 'Y' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_templates_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "nft_uses" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"nft_idx" integer NOT NULL,
	"memo" text,
	"used_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_uses_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"nft_number" text NOT NULL,
	"nft_type" text DEFAULT 'GUARANTEE' NOT NULL,
	"nft_template_idx" integer,
	"nft_status" smallint NOT NULL,
	"request_route" text DEFAULT 'product' NOT NULL,
	"customer_idx" integer,
	"orderer_name" text NOT NULL,
	"orderer_tel" text NOT NULL,
	"orderer_country_code" text DEFAULT '82' NOT NULL,
	"ordered_at" text,
	"ref_order_id" text,
	"store_idx" integer,
	"store_name" text,
	"brand_idx" integer,
	"partners_product_idx" integer,
	"product_name" text NOT NULL,
	"warranty_date" text,
	"price" bigint,
	"payment_amount" bigint,
	"point_amount" bigint,
	"product_code" text,
	"product_image" text,
	"model_number" text,
	"category_code" smallint,
	"category_name" text,
	"material" text,
	"size" text,
	"weight" text,
	"custom_field" jsonb,
	"public_token" text NOT NULL,
	"issue_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_detail" text,
	"deleted_at" timestamp with time zone,
	"batch_key" text,
	"batch_row" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"orderer_name_lc" text GENERATED ALWAYS AS (lower(orderer_name)) STORED,
	"product_name_lc" text GENERATED ALWAYS AS (lower(product_name)) STORED,
	CONSTRAINT "nfts_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_phone" ON "customers" USING btree ("tenant_idx","country_code","phone");--> statement-breakpoint
CREATE INDEX "message_outbox_tenant_created" ON "message_outbox" USING btree ("tenant_idx","created_at");--> statement-breakpoint
CREATE INDEX "nft_templates_tenant_type" ON "nft_templates" USING btree ("tenant_idx","template_type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_templates_one_main" ON "nft_templates" USING btree ("tenant_idx","template_type") WHERE "nft_templates"."is_main";--> statement-breakpoint
CREATE INDEX "nft_uses_tenant_nft" ON "nft_uses" USING btree ("tenant_idx","nft_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_public_token" ON "nfts" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_tenant_batch_row" ON "nfts" USING btree ("tenant_idx","batch_key","batch_row") WHERE "nfts"."batch_key" is not null;--> statement-breakpoint
CREATE INDEX "nfts_tenant_type_created" ON "nfts" USING btree ("tenant_idx","nft_type","created_at","idx");--> statement-breakpoint
CREATE INDEX "nfts_tenant_type_status_created" ON "nfts" USING btree ("tenant_idx","nft_type","nft_status","created_at");--> statement-breakpoint
CREATE INDEX "nfts_tenant_store_created" ON "nfts" USING btree ("tenant_idx","store_idx","created_at");--> statement-breakpoint
CREATE INDEX "nfts_tenant_route_created" ON "nfts" USING btree ("tenant_idx","request_route","created_at");--> statement-breakpoint
CREATE INDEX "nfts_tenant_customer" ON "nfts" USING btree ("tenant_idx","customer_idx");--> statement-breakpoint
CREATE INDEX "nfts_tenant_product" ON "nfts" USING btree ("tenant_idx","partners_product_idx");--> statement-breakpoint
CREATE INDEX "nfts_tenant_tel" ON "nfts" USING btree ("tenant_idx","orderer_tel");--> statement-breakpoint
CREATE INDEX "nfts_tenant_number" ON "nfts" USING btree ("tenant_idx","nft_number");--> statement-breakpoint
CREATE INDEX "nfts_reservation_due" ON "nfts" USING btree ("issue_at") WHERE "nfts"."nft_status" = 7;--> statement-breakpoint
CREATE INDEX "nfts_orderer_name_lc_trgm" ON "nfts" USING gin ("orderer_name_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nfts_product_name_lc_trgm" ON "nfts" USING gin ("product_name_lc" gin_trgm_ops);
CREATE TABLE "product_batches" (
	"tenant_idx" integer NOT NULL,
	"batch_key" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_batches_tenant_idx_batch_key_pk" PRIMARY KEY("tenant_idx","batch_key")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"brand_idx" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"barcode" text,
	"model_num" text,
	"price" bigint,
	"payment_amount" bigint,
	"warranty" text,
	"category_code" smallint,
	"material" text,
	"size" text,
	"weight" text,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "products_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"name" text NOT NULL,
	"tag" text,
	"pinned" char(1) DEFAULT 'N' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"tenant_idx" integer NOT NULL,
	"path" text NOT NULL,
	"status" text NOT NULL,
	"content_type" text,
	"size" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_tenant_idx_path_pk" PRIMARY KEY("tenant_idx","path")
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "english_name" text;--> statement-breakpoint
CREATE INDEX "products_tenant_created" ON "products" USING btree ("tenant_idx","created_at","idx");--> statement-breakpoint
CREATE INDEX "products_tenant_name" ON "products" USING btree ("tenant_idx","name","idx");--> statement-breakpoint
CREATE INDEX "products_tenant_price" ON "products" USING btree ("tenant_idx","price","idx");--> statement-breakpoint
CREATE INDEX "products_tenant_brand" ON "products" USING btree ("tenant_idx","brand_idx");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_trgm" ON "products" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_barcode_trgm" ON "products" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_tenant_pinned_name" ON "stores" USING btree ("tenant_idx","pinned","name");
DROP INDEX "products_name_trgm";--> statement-breakpoint
DROP INDEX "products_code_trgm";--> statement-breakpoint
DROP INDEX "products_barcode_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_lc" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "code_lc" text GENERATED ALWAYS AS (lower(code)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "barcode_lc" text GENERATED ALWAYS AS (lower(barcode)) STORED;--> statement-breakpoint
CREATE INDEX "products_name_lc_trgm" ON "products" USING gin ("name_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_lc_trgm" ON "products" USING gin ("code_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_barcode_lc_trgm" ON "products" USING gin ("barcode_lc" gin_trgm_ops);
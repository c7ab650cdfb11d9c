ALTER TABLE "as_requests" ADD COLUMN "customer_name_lc" text GENERATED ALWAYS AS (lower(customer_name)) STORED;--> statement-breakpoint
ALTER TABLE "as_requests" ADD COLUMN "product_name_lc" text GENERATED ALWAYS AS (lower(product_name)) STORED;--> statement-breakpoint
ALTER TABLE "as_requests" ADD COLUMN "receiver_phone_digits" text GENERATED ALWAYS AS (regexp_replace(receiver_phone, '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "as_requests" ADD COLUMN "search_bigrams" text[] GENERATED ALWAYS AS (nft_search_bigrams(customer_name, product_name)) STORED;--> statement-breakpoint
CREATE INDEX "as_requests_customer_name_trgm" ON "as_requests" USING gin ("customer_name_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "as_requests_product_name_trgm" ON "as_requests" USING gin ("product_name_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "as_requests_phone_trgm" ON "as_requests" USING gin ("receiver_phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "as_requests_nft_number_trgm" ON "as_requests" USING gin ("nft_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "as_requests_search_bigrams" ON "as_requests" USING gin ("search_bigrams");--> statement-breakpoint
-- A longer most-common-elements list: an absent bigram is then estimated low, not at a share of the brand (as nfts, migration 0011).
ALTER TABLE "as_requests" ALTER COLUMN "search_bigrams" SET STATISTICS 1000;

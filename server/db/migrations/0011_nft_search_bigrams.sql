ALTER TABLE "nfts" ADD COLUMN "search_bigrams" text[] GENERATED ALWAYS AS (nft_search_bigrams(orderer_name, product_name)) STORED;--> statement-breakpoint
CREATE INDEX "nfts_tenant_type_issued_desc" ON "nfts" USING btree ("tenant_idx","nft_type","issued_at" DESC NULLS LAST,"idx" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nfts_tenant_type_orderer" ON "nfts" USING btree ("tenant_idx","nft_type","orderer_name","idx");--> statement-breakpoint
CREATE INDEX "nfts_search_bigrams" ON "nfts" USING gin ("search_bigrams");--> statement-breakpoint
-- A longer most-common-elements list: an absent bigram is then estimated low, not at a share of the tenant.
ALTER TABLE "nfts" ALTER COLUMN "search_bigrams" SET STATISTICS 1000;

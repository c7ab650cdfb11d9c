CREATE INDEX "nfts_orderer_tel_trgm" ON "nfts" USING gin ("orderer_tel" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nfts_nft_number_trgm" ON "nfts" USING gin ("nft_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nfts_ref_order_id_trgm" ON "nfts" USING gin ("ref_order_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nfts_tenant_type_issued" ON "nfts" USING btree ("tenant_idx","nft_type","issued_at","idx");
ALTER TABLE "nft_templates" ADD COLUMN "customer_group_idx" integer;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_membership_held" ON "nfts" USING btree ("tenant_idx","nft_template_idx","customer_idx") WHERE "nfts"."nft_type" = 'MEMBERSHIP' AND "nfts"."stopped_at" IS NULL AND "nfts"."deleted_at" IS NULL AND "nfts"."nft_status" NOT IN (9, 10);
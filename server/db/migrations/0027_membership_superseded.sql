-- Issue 11: an expired membership no longer blocks issuing the same membership to the same customer.
-- The new issue sets superseded_at on the expired row (server/modules/memberships/held.ts) in its
-- transaction, so that row stops holding nfts_membership_held; the row itself stays, still expired.
DROP INDEX "nfts_membership_held";--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_membership_held" ON "nfts" USING btree ("tenant_idx","nft_template_idx","customer_idx") WHERE "nfts"."nft_type" = 'MEMBERSHIP' AND "nfts"."stopped_at" IS NULL AND "nfts"."deleted_at" IS NULL AND "nfts"."nft_status" NOT IN (9, 10) AND "nfts"."superseded_at" IS NULL;

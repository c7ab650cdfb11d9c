-- Issue 11, the shared bulk path: every issued row paid for indexes no query used, and for a bigram
-- function run as a set-returning SQL query per row (README, Benchmarks: bench:bulk-issue-indexes).
-- No history or search query used these two (pg_stat_user_indexes after bench:guarantees-list at
-- 1,000,000 rows: 0 scans); the phone and number searches are contains-searches on their trigram indexes.
DROP INDEX "nfts_tenant_tel";--> statement-breakpoint
DROP INDEX "nfts_tenant_number";--> statement-breakpoint
-- The same field-prefixed bigrams (o + two characters of the lower-cased orderer name, p + of the
-- product name) as migration 0010, by a plpgsql loop: about a third of the CPU per row. The array is
-- no longer sorted or deduplicated; search_bigrams is only tested by overlap (&&) through its GIN
-- index, which keeps each key once, so what a search finds is unchanged. Rows stored before keep
-- their arrays (a stored generated column is computed when its row is written).
CREATE OR REPLACE FUNCTION nft_search_bigrams(orderer_name text, product_name text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  o text := lower(orderer_name);
  p text := lower(product_name);
  r text[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(length(o), 0) - 1 LOOP r := r || ('o' || substr(o, i, 2)); END LOOP;
  FOR i IN 1 .. coalesce(length(p), 0) - 1 LOOP r := r || ('p' || substr(p, i, 2)); END LOOP;
  RETURN r;
END
$$;

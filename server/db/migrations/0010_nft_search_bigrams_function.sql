-- The two-character substrings ("bigrams") of a certificate's lower-cased orderer name and product
-- name, prefixed with their field (o, p): the generated column nfts.search_bigrams (migration 0011)
-- indexes them with GIN, so a two-character term (김민, 가방) is found by array containment; pg_trgm
-- needs three characters to use its index, and Korean names are mostly searched by two.
CREATE OR REPLACE FUNCTION nft_search_bigrams(orderer_name text, product_name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT f.prefix || substr(f.v, i, 2)), '{}')
  FROM (VALUES ('o', lower(orderer_name)), ('p', lower(product_name))) AS f(prefix, v),
       generate_series(1, coalesce(length(f.v), 0) - 1) AS i
$$;

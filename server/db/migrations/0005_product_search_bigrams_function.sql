-- The two-character substrings ("bigrams") of a product's lower-cased name, code and barcode, each
-- prefixed with its field (n, c, b): the generated column products.search_bigrams (migration 0006)
-- indexes them with GIN, so a two-character term (가방, 시계, DB) is found by array containment;
-- pg_trgm needs three characters to use its index.
CREATE OR REPLACE FUNCTION product_search_bigrams(name text, code text, barcode text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT f.prefix || substr(f.v, i, 2)), '{}')
  FROM (VALUES ('n', lower(name)), ('c', lower(code)), ('b', lower(barcode))) AS f(prefix, v),
       generate_series(1, coalesce(length(f.v), 0) - 1) AS i
$$;

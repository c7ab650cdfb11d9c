-- Contains-search on products uses trigram GIN indexes (migration 0003).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Issue 23 #20: a receiver's phone has one stored form, the customers' (normalizePhone in
-- src/domain/guarantee.ts): national digits, a leading 0 added to a Korean number typed without it.
-- The intake stored what was typed (010-3456-7802, (010)1234-5678) before; those rows take the form now.
UPDATE "as_requests"
SET "receiver_phone" = CASE
  WHEN regexp_replace("receiver_phone", '[^0-9]', '', 'g') ~ '^[1-9]' THEN '0' || regexp_replace("receiver_phone", '[^0-9]', '', 'g')
  ELSE regexp_replace("receiver_phone", '[^0-9]', '', 'g')
END
WHERE "receiver_phone" ~ '[^0-9]' OR "receiver_phone" ~ '^[1-9]';

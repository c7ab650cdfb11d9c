ALTER TABLE "as_requests" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "as_requests_idempotency" ON "as_requests" USING btree ("tenant_idx","idempotency_key");
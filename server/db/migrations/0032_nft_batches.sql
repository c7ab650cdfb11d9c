CREATE TABLE "nft_batches" (
	"tenant_idx" integer NOT NULL,
	"batch_key" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_batches_tenant_idx_batch_key_pk" PRIMARY KEY("tenant_idx","batch_key")
);

CREATE TABLE "idempotency_keys" (
	"tenant_idx" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_idx_scope_key_pk" PRIMARY KEY("tenant_idx","scope","key")
);

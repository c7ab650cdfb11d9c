CREATE TABLE "credit_charges" (
	"tenant_idx" integer NOT NULL,
	"charge_idx" serial NOT NULL,
	"amount" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text,
	"payment_key" text,
	"fail_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "credit_charges_tenant_idx_charge_idx_pk" PRIMARY KEY("tenant_idx","charge_idx")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"tenant_idx" integer NOT NULL,
	"entry_idx" serial NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"group_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_ledger_tenant_idx_entry_idx_pk" PRIMARY KEY("tenant_idx","entry_idx")
);
--> statement-breakpoint
CREATE TABLE "credit_notices" (
	"tenant_idx" integer NOT NULL,
	"notice_idx" serial NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notices_tenant_idx_notice_idx_pk" PRIMARY KEY("tenant_idx","notice_idx")
);
--> statement-breakpoint
CREATE TABLE "credit_reservations" (
	"tenant_idx" integer NOT NULL,
	"reservation_idx" serial NOT NULL,
	"amount" bigint NOT NULL,
	"settled_amount" bigint,
	"status" text NOT NULL,
	"idempotency_key" text,
	"memo" text,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "credit_reservations_tenant_idx_reservation_idx_pk" PRIMARY KEY("tenant_idx","reservation_idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_charges_key_idx" ON "credit_charges" USING btree ("tenant_idx","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_charges_auto_pending_idx" ON "credit_charges" USING btree ("tenant_idx") WHERE auto and status = 'PENDING';--> statement-breakpoint
CREATE INDEX "credit_ledger_group_idx" ON "credit_ledger" USING btree ("tenant_idx","group_key");--> statement-breakpoint
CREATE INDEX "credit_ledger_created_idx" ON "credit_ledger" USING btree ("tenant_idx","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_reservations_key_idx" ON "credit_reservations" USING btree ("tenant_idx","idempotency_key");--> statement-breakpoint
INSERT INTO "credit_ledger" ("tenant_idx", "kind", "amount", "balance_after", "group_key", "created_at") SELECT "tenant_idx", 'OPENING', "balance", "balance", 'opening', now() FROM "credit_accounts" WHERE "balance" <> 0;

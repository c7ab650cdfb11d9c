CREATE TABLE "bills" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"plan_id" text,
	"subscription_idx" integer,
	"item_list" jsonb NOT NULL,
	"total_amount" integer NOT NULL,
	"order_id" text NOT NULL,
	"idempotency_key" text,
	"payment_key" text,
	"fail_message" text,
	"period_end" timestamp with time zone,
	"attempt" smallint DEFAULT 0 NOT NULL,
	"pay_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bills_tenant_order" ON "bills" USING btree ("tenant_idx","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_tenant_idempotency" ON "bills" USING btree ("tenant_idx","idempotency_key");--> statement-breakpoint
CREATE INDEX "bills_tenant_created" ON "bills" USING btree ("tenant_idx","created_at");--> statement-breakpoint
CREATE INDEX "bills_requests" ON "bills" USING btree ("tenant_idx","created_at") WHERE status = 'request';
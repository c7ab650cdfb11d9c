CREATE TABLE "shop_members" (
	"tenant_idx" integer NOT NULL,
	"connection_idx" integer NOT NULL,
	"member_id" text NOT NULL,
	"customer_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_members_tenant_idx_connection_idx_member_id_pk" PRIMARY KEY("tenant_idx","connection_idx","member_id")
);
--> statement-breakpoint
CREATE TABLE "shop_point_changes" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"connection_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"member_id" text NOT NULL,
	"ledger_idx" integer NOT NULL,
	"change_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"maybe_sent" boolean DEFAULT false NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_point_changes_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "shop_point_inbox" (
	"tenant_idx" integer NOT NULL,
	"connection_idx" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"customer_idx" integer NOT NULL,
	"ledger_idx" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_point_inbox_tenant_idx_connection_idx_fingerprint_pk" PRIMARY KEY("tenant_idx","connection_idx","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "customer_point_ledger" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shop_members_customer" ON "shop_members" USING btree ("tenant_idx","connection_idx","customer_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_point_changes_key" ON "shop_point_changes" USING btree ("tenant_idx","change_key");--> statement-breakpoint
CREATE INDEX "shop_point_changes_due" ON "shop_point_changes" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "shop_point_changes_ledger" ON "shop_point_changes" USING btree ("tenant_idx","ledger_idx");--> statement-breakpoint
CREATE INDEX "shop_point_changes_member" ON "shop_point_changes" USING btree ("tenant_idx","connection_idx","member_id","idx") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "customer_point_ledger_request_key" ON "customer_point_ledger" USING btree ("tenant_idx","request_key") WHERE request_key IS NOT NULL;
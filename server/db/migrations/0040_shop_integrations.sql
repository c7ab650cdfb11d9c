CREATE TABLE "shop_auth_states" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"mall_id" text NOT NULL,
	"shop_no" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"tenant_idx" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_connections" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"platform" text NOT NULL,
	"mall_id" text NOT NULL,
	"shop_no" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'CONNECTED' NOT NULL,
	"interwork_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token" text,
	"refresh_token_expires_at" timestamp with time zone,
	"client_secret" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cursor" jsonb,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" text,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"leave_reason" text,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_connections_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "shop_launch_nonces" (
	"platform" text NOT NULL,
	"hmac" text NOT NULL,
	"mall_id" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_launch_nonces_platform_hmac_pk" PRIMARY KEY("platform","hmac")
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"connection_idx" integer NOT NULL,
	"platform" text NOT NULL,
	"order_id" text NOT NULL,
	"item_id" text NOT NULL,
	"product_no" text,
	"product_name" text NOT NULL,
	"payment_amount" bigint DEFAULT 0 NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"platform_status" text,
	"dispatched_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"member_id" text,
	"customer_idx" integer,
	"customer_order_idx" integer,
	"warranty_nft_idx" integer,
	"warranty_state" text DEFAULT 'NONE' NOT NULL,
	"warranty_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shop_connections_live_mall" ON "shop_connections" USING btree ("platform","mall_id") WHERE status <> 'DISCONNECTED';--> statement-breakpoint
CREATE INDEX "shop_connections_due" ON "shop_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "shop_launch_nonces_used" ON "shop_launch_nonces" USING btree ("used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_item" ON "shop_orders" USING btree ("tenant_idx","connection_idx","item_id");--> statement-breakpoint
CREATE INDEX "shop_orders_tenant_ordered" ON "shop_orders" USING btree ("tenant_idx","ordered_at");
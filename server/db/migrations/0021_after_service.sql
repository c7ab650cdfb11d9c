CREATE TABLE "as_memos" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"target_type" text NOT NULL,
	"target_idx" integer NOT NULL,
	"memo" text NOT NULL,
	"author_idx" integer NOT NULL,
	"author_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "as_memos_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "as_partner_links" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"type" text NOT NULL,
	"partner_idx" integer NOT NULL,
	"status" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "as_partner_links_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "as_request_events" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"request_idx" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_idx" integer NOT NULL,
	"actor_type" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "as_request_events_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "as_requests" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"partner_idx" integer,
	"nft_idx" integer NOT NULL,
	"nft_number" text NOT NULL,
	"product_name" text NOT NULL,
	"customer_idx" integer,
	"customer_name" text NOT NULL,
	"category_idx" integer,
	"option_idx" integer,
	"request_message" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"receiver_zip_code" text NOT NULL,
	"receiver_address1" text NOT NULL,
	"receiver_address2" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pre_estimate_amount" integer,
	"estimate_amount" integer,
	"estimate_comment" text,
	"cancel_reason" text,
	"courier" text,
	"tracking_number" text,
	"complete_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"partners_memo" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "as_requests_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "as_settings" (
	"tenant_idx" integer NOT NULL,
	"type" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"receive_zip_code" text DEFAULT '' NOT NULL,
	"receive_address1" text DEFAULT '' NOT NULL,
	"receive_address2" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "as_settings_tenant_idx_type_pk" PRIMARY KEY("tenant_idx","type")
);
--> statement-breakpoint
CREATE TABLE "repair_categories" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_categories_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "repair_category_options" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"category_idx" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "repair_category_options_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "as_memos_idx" ON "as_memos" USING btree ("idx");--> statement-breakpoint
CREATE INDEX "as_memos_target" ON "as_memos" USING btree ("tenant_idx","target_type","target_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "as_partner_links_pair" ON "as_partner_links" USING btree ("tenant_idx","type","partner_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "as_partner_links_active" ON "as_partner_links" USING btree ("tenant_idx","type") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "as_partner_links_partner" ON "as_partner_links" USING btree ("partner_idx","type");--> statement-breakpoint
CREATE INDEX "as_request_events_request" ON "as_request_events" USING btree ("tenant_idx","request_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "as_requests_idx" ON "as_requests" USING btree ("idx");--> statement-breakpoint
CREATE INDEX "as_requests_history" ON "as_requests" USING btree ("tenant_idx","type","created_at","idx");--> statement-breakpoint
CREATE INDEX "as_requests_status" ON "as_requests" USING btree ("tenant_idx","type","status","created_at","idx");--> statement-breakpoint
CREATE INDEX "as_requests_partner" ON "as_requests" USING btree ("partner_idx","type","created_at","idx") WHERE partner_idx IS NOT NULL;--> statement-breakpoint
CREATE INDEX "as_requests_nft" ON "as_requests" USING btree ("tenant_idx","nft_idx");--> statement-breakpoint
CREATE INDEX "repair_category_options_category" ON "repair_category_options" USING btree ("tenant_idx","category_idx");
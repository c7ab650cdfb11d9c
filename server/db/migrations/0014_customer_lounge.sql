CREATE TABLE "lounge_keys" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"lounge_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lounge_otps" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"country_code" text DEFAULT '82' NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lounge_otps_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "lounge_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_pin_failures" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"customer_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_pin_failures_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "staff_pins" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lounge_keys_key" ON "lounge_keys" USING btree ("lounge_key");--> statement-breakpoint
CREATE INDEX "lounge_otps_tenant_phone" ON "lounge_otps" USING btree ("tenant_idx","country_code","phone","created_at");--> statement-breakpoint
CREATE INDEX "lounge_otps_ip" ON "lounge_otps" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "lounge_sessions_customer" ON "lounge_sessions" USING btree ("tenant_idx","customer_idx");--> statement-breakpoint
CREATE INDEX "staff_pin_failures_customer" ON "staff_pin_failures" USING btree ("tenant_idx","customer_idx","created_at");
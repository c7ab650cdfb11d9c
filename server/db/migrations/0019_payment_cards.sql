CREATE TABLE "billing_profiles" (
	"tenant_idx" integer PRIMARY KEY NOT NULL,
	"customer_key" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_customer_key_unique" UNIQUE("customer_key")
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"provider" text NOT NULL,
	"billing_key" text NOT NULL,
	"card_key" text NOT NULL,
	"masked_number" text NOT NULL,
	"card_company" text,
	"card_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_tenant_card" ON "payment_cards" USING btree ("tenant_idx","card_key");
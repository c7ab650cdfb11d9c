CREATE TABLE "exams" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"result" integer,
	"exam_kind" integer,
	"product_name" text NOT NULL,
	"nft_idx" integer,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"grade" text,
	"inspector" text,
	"inspected_on" date,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE INDEX "exams_tenant_created_at" ON "exams" USING btree ("tenant_idx","created_at");
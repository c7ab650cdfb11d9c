CREATE TABLE "waiting_entries" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"event_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"party_size" smallint NOT NULL,
	"seq" integer NOT NULL,
	"ticket_no" integer NOT NULL,
	"status" text DEFAULT 'request' NOT NULL,
	"cancel_reason" text,
	"push_backs" smallint DEFAULT 0 NOT NULL,
	"agree_marketing" char(1) DEFAULT 'N' NOT NULL,
	"is_revisit" char(1) DEFAULT 'N' NOT NULL,
	"called_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"entered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_entries_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "waiting_queues" (
	"tenant_idx" integer NOT NULL,
	"event_idx" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"paused_until" timestamp with time zone,
	"next_seq" integer DEFAULT 0 NOT NULL,
	"next_ticket" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waiting_queues_tenant_idx_event_idx_pk" PRIMARY KEY("tenant_idx","event_idx")
);
--> statement-breakpoint
CREATE TABLE "waitings" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"name" text NOT NULL,
	"start_at" date NOT NULL,
	"end_at" date NOT NULL,
	"address" text NOT NULL,
	"mon" char(1) DEFAULT 'Y' NOT NULL,
	"tue" char(1) DEFAULT 'Y' NOT NULL,
	"wed" char(1) DEFAULT 'Y' NOT NULL,
	"thu" char(1) DEFAULT 'Y' NOT NULL,
	"fri" char(1) DEFAULT 'Y' NOT NULL,
	"sat" char(1) DEFAULT 'Y' NOT NULL,
	"sun" char(1) DEFAULT 'Y' NOT NULL,
	"start_time" integer NOT NULL,
	"end_time" integer NOT NULL,
	"max_guests" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitings_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_tenant_idx_event_idx_waitings_tenant_idx_idx_fk" FOREIGN KEY ("tenant_idx","event_idx") REFERENCES "public"."waitings"("tenant_idx","idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_queues" ADD CONSTRAINT "waiting_queues_tenant_idx_event_idx_waitings_tenant_idx_idx_fk" FOREIGN KEY ("tenant_idx","event_idx") REFERENCES "public"."waitings"("tenant_idx","idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_entries_seq" ON "waiting_entries" USING btree ("tenant_idx","event_idx","seq");--> statement-breakpoint
CREATE INDEX "waiting_entries_queue" ON "waiting_entries" USING btree ("tenant_idx","event_idx","status","seq");--> statement-breakpoint
CREATE INDEX "waiting_entries_customer" ON "waiting_entries" USING btree ("tenant_idx","customer_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_entries_one_active" ON "waiting_entries" USING btree ("tenant_idx","event_idx","customer_idx") WHERE status in ('request', 'called');--> statement-breakpoint
CREATE INDEX "waiting_entries_called" ON "waiting_entries" USING btree ("status","called_at") WHERE status = 'called';--> statement-breakpoint
CREATE INDEX "waitings_tenant_start_at" ON "waitings" USING btree ("tenant_idx","start_at");
CREATE TABLE "reservation_bookings" (
	"tenant_idx" integer NOT NULL,
	"idx" serial NOT NULL,
	"reservation_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"party_size" smallint NOT NULL,
	"status" text NOT NULL,
	"cancel_by" text,
	"agree_marketing" char(1) DEFAULT 'N' NOT NULL,
	"deposit_amount" integer DEFAULT 0 NOT NULL,
	"deposit_status" text DEFAULT 'none' NOT NULL,
	"payment_key" text,
	"reminded_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "reservation_bookings_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
CREATE TABLE "reservation_slots" (
	"tenant_idx" integer NOT NULL,
	"reservation_idx" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reservation_slots_tenant_idx_reservation_idx_starts_at_pk" PRIMARY KEY("tenant_idx","reservation_idx","starts_at"),
	CONSTRAINT "reservation_slots_booked" CHECK ("reservation_slots"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
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
	"open_time" integer NOT NULL,
	"close_time" integer NOT NULL,
	"slot_minutes" integer NOT NULL,
	"slot_capacity" integer,
	"party_min" integer,
	"party_max" integer,
	"opens_days_ahead" integer,
	"closes_hours_before" integer,
	"free_cancel_hours" integer,
	"auto_confirm" char(1) DEFAULT 'Y' NOT NULL,
	"deposit" integer,
	"reminder" char(1) DEFAULT 'Y' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_tenant_idx_idx_pk" PRIMARY KEY("tenant_idx","idx")
);
--> statement-breakpoint
ALTER TABLE "waiting_queues" ADD COLUMN "ticket_day" text;--> statement-breakpoint
ALTER TABLE "reservation_bookings" ADD CONSTRAINT "reservation_bookings_tenant_idx_reservation_idx_reservations_tenant_idx_idx_fk" FOREIGN KEY ("tenant_idx","reservation_idx") REFERENCES "public"."reservations"("tenant_idx","idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_tenant_idx_reservation_idx_reservations_tenant_idx_idx_fk" FOREIGN KEY ("tenant_idx","reservation_idx") REFERENCES "public"."reservations"("tenant_idx","idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_bookings_day" ON "reservation_bookings" USING btree ("tenant_idx","reservation_idx","starts_at");--> statement-breakpoint
CREATE INDEX "reservation_bookings_customer" ON "reservation_bookings" USING btree ("tenant_idx","customer_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_bookings_one_live" ON "reservation_bookings" USING btree ("tenant_idx","reservation_idx","customer_idx","starts_at") WHERE status in ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "reservation_bookings_remind" ON "reservation_bookings" USING btree ("starts_at") WHERE status = 'confirmed' and reminded_at is null;--> statement-breakpoint
CREATE INDEX "reservations_tenant_start_at" ON "reservations" USING btree ("tenant_idx","start_at");
CREATE TABLE "security_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_counters_resets_at" ON "security_counters" USING btree ("resets_at");
CREATE TABLE "regulation_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added" integer NOT NULL,
	"updated" integer NOT NULL,
	"payrolls_recalculated" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "regulation_updates_ran_at_idx" ON "regulation_updates" USING btree ("ran_at");
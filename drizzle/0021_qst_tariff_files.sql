CREATE TABLE "qst_tariff_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"canton" text NOT NULL,
	"year" integer NOT NULL,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"creation_date" date NOT NULL,
	"records" integer NOT NULL,
	"tariffs" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulation_updates" ADD COLUMN "tariffs" jsonb;--> statement-breakpoint
ALTER TABLE "calculation_bases" ADD COLUMN "qst_tariffs" jsonb;--> statement-breakpoint
CREATE INDEX "qst_tariff_files_canton_year_idx" ON "qst_tariff_files" USING btree ("canton","year");
ALTER TABLE "payrun_entries" ADD COLUMN "retro_from" date;--> statement-breakpoint
-- Entries stored before: the earliest period their retro lines correct, read from the lines.
UPDATE "payrun_entries" e SET "retro_from" = r."first"
FROM (
  SELECT x."id", min((l ->> 'retroPeriodStart')::date) AS "first"
  FROM "payrun_entries" x, jsonb_array_elements(x."lines") AS l
  WHERE (l ->> 'retro')::boolean AND l ->> 'retroPeriodStart' IS NOT NULL
  GROUP BY x."id"
) r
WHERE r."id" = e."id";--> statement-breakpoint
CREATE INDEX "payrun_entries_retro_from_idx" ON "payrun_entries" USING btree ("payrun_period_id","retro_from") WHERE "payrun_entries"."retro_from" is not null;

CREATE TABLE "regulation_contents" (
	"checksum" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculation_bases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"known_at" timestamp with time zone NOT NULL,
	"regulations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payrun_entries" ADD COLUMN "basis_id" uuid;--> statement-breakpoint
ALTER TABLE "calculation_bases" ADD CONSTRAINT "calculation_bases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calculation_bases_payroll_idx" ON "calculation_bases" USING btree ("tenant_id","payroll_id");--> statement-breakpoint
-- The contents imported so far, under their checksums (later imports add theirs).
INSERT INTO "regulation_contents" ("checksum", "content", "imported_at") SELECT DISTINCT ON ("checksum") "checksum", "content", "imported_at" FROM "regulation_versions" ORDER BY "checksum", "imported_at" ON CONFLICT DO NOTHING;

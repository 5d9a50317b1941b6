ALTER TABLE "payrolls" ADD COLUMN "industries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "accounting_document" text;--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "accounting_data" text;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_key" UNIQUE("tenant_id","id");
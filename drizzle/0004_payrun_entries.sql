CREATE TABLE "payrun_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"payrun_period_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employed" boolean NOT NULL,
	"gross" integer NOT NULL,
	"net" integer NOT NULL,
	"payable" integer NOT NULL,
	"paid_out" integer DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"collectors" jsonb NOT NULL,
	"year_to_date" jsonb NOT NULL,
	"issues" jsonb NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payrun_entries_period_employee_key" UNIQUE("payrun_period_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "payrun_entries" ADD CONSTRAINT "payrun_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrun_entries" ADD CONSTRAINT "payrun_entries_payrun_period_id_payrun_periods_id_fk" FOREIGN KEY ("payrun_period_id") REFERENCES "public"."payrun_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payrun_entries_tenant_idx" ON "payrun_entries" USING btree ("tenant_id","payroll_id","employee_id");
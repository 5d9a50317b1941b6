CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"employee_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"title" text NOT NULL,
	"case_change_id" uuid,
	"subject" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" jsonb,
	CONSTRAINT "tasks_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_payroll_id_payrolls_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payroll_id") REFERENCES "public"."payrolls"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_payroll_status_idx" ON "tasks" USING btree ("tenant_id","payroll_id","status","id");--> statement-breakpoint
CREATE INDEX "tasks_payroll_employee_idx" ON "tasks" USING btree ("tenant_id","payroll_id","employee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_open_subject_key" ON "tasks" USING btree ("tenant_id","payroll_id","kind","subject") WHERE status = 'open' and subject is not null;
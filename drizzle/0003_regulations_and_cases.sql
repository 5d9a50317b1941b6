CREATE TABLE "case_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"employee_id" uuid,
	"case_name" text NOT NULL,
	"reason" text,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"case_change_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"employee_id" uuid,
	"case_name" text NOT NULL,
	"field_name" text NOT NULL,
	"value" text NOT NULL,
	"start" date NOT NULL,
	"end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"regulation_name" text NOT NULL,
	"lookup_name" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"display_name" jsonb,
	"client_added" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lookup_values_key" UNIQUE("payroll_id","regulation_name","lookup_name","key")
);
--> statement-breakpoint
CREATE TABLE "regulation_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"regulation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"content" jsonb NOT NULL,
	"checksum" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regulation_versions_name_valid_from_key" UNIQUE("name","valid_from")
);
--> statement-breakpoint
CREATE TABLE "wage_type_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"wage_type_number" text NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	CONSTRAINT "wage_type_accounts_key" UNIQUE("payroll_id","wage_type_number")
);
--> statement-breakpoint
ALTER TABLE "case_changes" ADD CONSTRAINT "case_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_changes" ADD CONSTRAINT "case_changes_tenant_id_payroll_id_payrolls_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payroll_id") REFERENCES "public"."payrolls"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_changes" ADD CONSTRAINT "case_changes_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_values" ADD CONSTRAINT "case_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_values" ADD CONSTRAINT "case_values_case_change_id_case_changes_id_fk" FOREIGN KEY ("case_change_id") REFERENCES "public"."case_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_tenant_id_payroll_id_payrolls_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payroll_id") REFERENCES "public"."payrolls"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wage_type_accounts" ADD CONSTRAINT "wage_type_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wage_type_accounts" ADD CONSTRAINT "wage_type_accounts_debit_account_id_lookup_values_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wage_type_accounts" ADD CONSTRAINT "wage_type_accounts_credit_account_id_lookup_values_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wage_type_accounts" ADD CONSTRAINT "wage_type_accounts_tenant_id_payroll_id_payrolls_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payroll_id") REFERENCES "public"."payrolls"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_changes_payroll_idx" ON "case_changes" USING btree ("tenant_id","payroll_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "case_values_lookup_idx" ON "case_values" USING btree ("tenant_id","payroll_id","employee_id","field_name");--> statement-breakpoint
CREATE INDEX "case_values_change_idx" ON "case_values" USING btree ("case_change_id");--> statement-breakpoint
CREATE INDEX "events_tenant_idx" ON "events" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "lookup_values_payroll_idx" ON "lookup_values" USING btree ("tenant_id","payroll_id","lookup_name");
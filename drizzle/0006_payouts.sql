CREATE TABLE "payout_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"payrun_period_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"iban" text,
	"end_to_end_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payroll_id" uuid NOT NULL,
	"payrun_period_id" uuid NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"execution_date" date NOT NULL,
	"total" bigint NOT NULL,
	"count" integer NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"message_id" text,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" jsonb NOT NULL,
	"cancelled_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payouts_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payrun_entries" ADD COLUMN "carried_forward" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_tenant_id_payout_id_payouts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payout_id") REFERENCES "public"."payouts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payrun_period_id_payrun_periods_id_fk" FOREIGN KEY ("payrun_period_id") REFERENCES "public"."payrun_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tenant_id_payroll_id_payrolls_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payroll_id") REFERENCES "public"."payrolls"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payrun_period_id_payrun_periods_id_fk" FOREIGN KEY ("payrun_period_id") REFERENCES "public"."payrun_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_lines_payout_idx" ON "payout_lines" USING btree ("tenant_id","payout_id");--> statement-breakpoint
CREATE INDEX "payout_lines_period_employee_idx" ON "payout_lines" USING btree ("tenant_id","payrun_period_id","employee_id");--> statement-breakpoint
CREATE INDEX "payouts_period_idx" ON "payouts" USING btree ("tenant_id","payrun_period_id","id");--> statement-breakpoint
CREATE INDEX "payouts_payroll_status_idx" ON "payouts" USING btree ("tenant_id","payroll_id","status");
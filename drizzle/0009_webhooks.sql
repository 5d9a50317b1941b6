CREATE TABLE "webhook_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" uuid,
	"event_type" text NOT NULL,
	"correlation_id" uuid NOT NULL,
	"body" text NOT NULL,
	"attempt" integer NOT NULL,
	"retry_step" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"sent_at" timestamp with time zone,
	"duration_ms" integer,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payload_url" text NOT NULL,
	"events" text[] NOT NULL,
	"case_names" text[],
	"secret" text NOT NULL,
	"payload_metadata" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deactivated_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_tenant_id_webhook_id_webhooks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","webhook_id") REFERENCES "public"."webhooks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_messages_log_idx" ON "webhook_messages" USING btree ("tenant_id","webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_messages_correlation_idx" ON "webhook_messages" USING btree ("webhook_id","correlation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_first_attempt_key" ON "webhook_messages" USING btree ("webhook_id","correlation_id") WHERE attempt = 1;
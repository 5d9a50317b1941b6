ALTER TABLE "case_changes" ADD COLUMN "status" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "case_changes" ADD COLUMN "reported_values" jsonb;--> statement-breakpoint
ALTER TABLE "case_changes" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "case_changes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_changes" ADD COLUMN "decided_by" jsonb;--> statement-breakpoint
ALTER TABLE "case_changes" ADD COLUMN "decision_reason" text;
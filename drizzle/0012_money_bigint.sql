ALTER TABLE "payrun_entries" ALTER COLUMN "gross" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payrun_entries" ALTER COLUMN "net" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payrun_entries" ALTER COLUMN "payable" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payrun_entries" ALTER COLUMN "paid_out" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payrun_entries" ALTER COLUMN "carried_forward" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_lines" ALTER COLUMN "amount" SET DATA TYPE bigint;
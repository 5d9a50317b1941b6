import type { payrolls, payrunPeriods } from "../../db/schema";

export type PayrollRow = typeof payrolls.$inferSelect;
export type PeriodRow = typeof payrunPeriods.$inferSelect;

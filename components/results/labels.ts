import type { ControlState } from "@/server/results/read-entries";

export type { ControlState };

export const CONTROL_STATE_LABEL: Record<ControlState, string> = {
  EmployedWithoutWage: "Employed without wage",
  ReadyToPayOut: "Ready to pay out",
  PaidOut: "Paid out",
  Blocked: "Blocked",
};

export const CONTROL_STATE_TONE: Record<ControlState, string> = {
  EmployedWithoutWage: "border-slate-300 bg-slate-100 text-slate-700",
  ReadyToPayOut: "border-emerald-300 bg-emerald-50 text-emerald-800",
  PaidOut: "border-sky-300 bg-sky-50 text-sky-800",
  Blocked: "border-red-300 bg-red-50 text-red-800",
};

/**
 * Plausibility findings: the data is there but looks wrong. They are meant to be confirmed through a
 * ControlConfirmation (Payroll Control, cluster P) case when they are right (server/calc/issues.ts).
 */
export const PLAUSIBILITY_CODES = new Set(["calc.hourly_without_hours", "calc.negative_net_wage", "calc.pay_after_exit", "calc.pay_before_entry", "calc.wage_type_not_in_regulation"]);

/** "6500.00" (the API's CHF with two decimals) as integer Rappen. */
export function toRappen(amount: string) {
  const negative = amount.trim().startsWith("-");
  const [whole = "0", fraction = ""] = amount.trim().replace(/^[-+]/, "").split(".");
  const rappen = Number(whole) * 100 + Number((fraction + "00").slice(0, 2));
  return negative ? -rappen : rappen;
}

/** What a payslip line is, by its wage type number (CH regulation: 1xxx earnings ... 8xxx employer). */
export type LineKind = "earning" | "allowance" | "deduction" | "expense" | "net" | "employer";

export function lineKindOf(number: string): LineKind {
  const n = Number(number);
  if (n >= 8000) return "employer";
  if (n === 6500) return "net";
  if (n >= 6000) return "expense";
  if (n >= 5000) return "deduction";
  if (n >= 3000 && n < 4000) return "allowance";
  return "earning";
}

export const COLLECTOR_LABEL: Record<string, string> = {
  GrossWage: "Gross wage",
  AhvWage: "AHV-liable wage",
  AlvWage: "ALV-liable wage",
  UvgWage: "UVG-liable wage",
  BvgWage: "BVG wage",
  QstWage: "Withholding-tax-liable wage",
  EmployeeDeductions: "Employee deductions",
  EmployerContributions: "Employer contributions",
  NetWage: "Net wage",
  PayableAmount: "Payable amount",
};

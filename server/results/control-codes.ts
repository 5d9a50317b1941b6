/**
 * Payroll Control item codes the console needs by name (no server-only: client components use them).
 * control.not_in_payroll: a current employee record outside the period's payroll (no entry date yet,
 * or entering after the period); never blocking.
 */
export const NOT_IN_PAYROLL = "control.not_in_payroll";

/** Whether a Payroll Control row is an employee record not in the period's payroll. */
export const isNotInPayroll = (row: { items: readonly { code: string }[] }) =>
  row.items.some((i) => i.code === NOT_IN_PAYROLL);

import { valueInForce } from "../bitemporal/in-force";
import type { caseValues } from "../db/schema";

type ValueRow = typeof caseValues.$inferSelect;

/** Case values in force at a date, one per field (the latest recorded wins, as everywhere). */
export function inForceAt(rows: readonly ValueRow[], date: string): Record<string, string> {
  const byField = new Map<string, ValueRow[]>();
  for (const row of rows) {
    const history = byField.get(row.fieldName);
    if (history) history.push(row);
    else byField.set(row.fieldName, [row]);
  }
  const values: Record<string, string> = {};
  for (const [field, history] of byField) {
    const value = valueInForce(history, date);
    if (value) values[field] = value.value;
  }
  return values;
}

/** Groups rows by employee (null: the company). */
export function byEmployee(rows: readonly ValueRow[]) {
  const grouped = new Map<string | null, ValueRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.employeeId);
    if (list) list.push(row);
    else grouped.set(row.employeeId, [row]);
  }
  return grouped;
}

import { WageTypeNumber } from "@/server/calc/wage-types";
import type { WageType, WageTypeKind } from "@/server/regulations/catalog/types";

/**
 * The kind of a stored line: its wage type's in the regulation, or, for a wage type no longer in
 * force (a retro line of a removed wage type), by the CH numbering convention of the catalog:
 * 1xxx earnings, 3xxx allowances, 5xxx deductions, 6000-6499 expenses, 6500 net, 8xxx employer.
 */
export function kindOfLine(number: string, wageTypes: ReadonlyMap<string, WageType>): WageTypeKind {
  const known = wageTypes.get(number);
  if (known) return known.kind;
  const n = Number(number);
  if (n === Number(WageTypeNumber.NetWage)) return "net";
  if (n >= 8000) return "employerContribution";
  if (n >= 6000) return "expense";
  if (n >= 5000) return "deduction";
  if (n >= 3000) return "allowance";
  return "earning";
}

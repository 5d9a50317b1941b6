import "server-only";
import { notFound } from "next/navigation";
import type { TenantCtx } from "@/server/context";
import { listCaseChanges } from "@/server/cases/read-cases";
import type { CaseChange, ListCaseChangesQuery } from "@/server/cases/schemas";
import { getEmployee } from "@/server/employees/get-employee";
import { NotFound } from "@/server/errors";
import { allPages, MAX_PAGE } from "@/server/http/pagination";
import { listPayrolls } from "@/server/payrolls/get-payroll";

/**
 * The cases the portal offers, in the order it shows them: the ESS and ECT cases of the CH catalog
 * (personal data, address, bank account, partner, children, absences). Wage data (salary,
 * employment, tax) is never among them, whatever a regulation's clusters say.
 */
export const PORTAL_CASES = [
  "EmployeePersonalData",
  "EmployeeAddress",
  "EmployeeBankAccount",
  "EmployeePartner",
  "FamilyAllowances",
  "Absence",
] as const;
export type PortalCase = (typeof PORTAL_CASES)[number];
export const isPortalCase = (name: string): name is PortalCase => (PORTAL_CASES as readonly string[]).includes(name);

/** Cases whose report changes the next net pay: the form shows the simulated effect (dry run) before sending. */
export const EFFECT_CASES: readonly PortalCase[] = ["FamilyAllowances", "Absence"];

/** Cases HR approves before they apply (contract 9b; personal data only with a civil status). */
export const REVIEWED_CASES: readonly PortalCase[] = [
  "EmployeeBankAccount",
  "EmployeePartner",
  "FamilyAllowances",
  "Absence",
];

/** A case change with its status (applied, pending, approved, rejected) and HR's decision (contract 9b). */
export type ReportedChange = CaseChange;

/** The person's own employee record in the tenant and the payroll it belongs to; 404 without one. */
export async function portalRecord(ctx: TenantCtx) {
  const employeeId = ctx.access.employeeId;
  if (!employeeId) notFound();
  const found = await getEmployee({ ctx, employeeId }).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (!found) notFound();
  const payrolls = await allPages((cursor) => listPayrolls({ ctx, input: { limit: MAX_PAGE, cursor } }));
  const payroll = payrolls.find((p) => p.divisionId === found.employee.divisionId) ?? null;
  return { employee: found.employee, payroll };
}

/** The employee's changes of one status (contract 9b: pending, approved, rejected, all), newest first. */
export async function changesOf(
  ctx: TenantCtx,
  payrollId: string,
  employeeId: string,
  status: "pending" | "all",
  pageSize = MAX_PAGE,
): Promise<ReportedChange[]> {
  return allPages((cursor) => {
    const input: ListCaseChangesQuery = { employeeId, scope: "all", status, limit: pageSize, cursor };
    return listCaseChanges({ ctx, payrollId, input });
  });
}

import type { Role } from "@/server/context";

export const ROLE_LABEL: Record<Role, string> = { Administrator: "Administrator", Manager: "Manager", SelfService: "Self Service" };

/** What each role may do, as the authorization table (server/auth/permissions.ts) says it. */
export const ROLE_HINT: Record<Role, string> = {
  Administrator: "The whole tenant: company data and settings, regulations, accounts, cost centers, and who has access.",
  Manager:
    "The assigned payrolls: their employees and cases, Payroll Control, documents and closing periods. Company data read-only; no company settings, regulations, accounts, cost centers or people.",
  SelfService: "Their own employee record only: their self-service data and their own payslips and certificates.",
};

export const ROLES = ["Administrator", "Manager", "SelfService"] as const satisfies readonly Role[];

/** The cultures a person can choose; the first is the default of new users. */
export const CULTURE_LABEL: Record<string, string> = {
  "de-CH": "Deutsch (Schweiz)",
  "fr-CH": "Français (Suisse)",
  "it-CH": "Italiano (Svizzera)",
  "en-CH": "English (Switzerland)",
};

/** An instant (expiry, creation) as Zurich wall time; the same on server and client, so hydration agrees. */
export function formatInstant(iso: string, withTime = true) {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    timeZone: "Europe/Zurich",
  }).format(new Date(iso));
}

/** What a membership or invitation reaches, in words: the Manager's payrolls, the Self Service employee. */
export type Scope = { role: Role; payrollIds: string[]; employeeId: string | null };
export type Option = { id: string; label: string };

export function scopeLabel(scope: Scope, payrolls: readonly Option[], employees: readonly Option[]) {
  const name = (options: readonly Option[], id: string) => options.find((o) => o.id === id)?.label ?? "(no longer visible)";
  if (scope.role === "Manager") return scope.payrollIds.length ? scope.payrollIds.map((id) => name(payrolls, id)).join(", ") : "No payroll assigned";
  if (scope.role === "SelfService") return scope.employeeId ? name(employees, scope.employeeId) : "No employee linked";
  return "All payrolls and employees";
}

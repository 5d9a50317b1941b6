import type { Role } from "@/server/context";

/** The roles in the order the role select offers them; their names are common.roles.*, their hints people.roleHints.*. */
export const ROLES = ["Administrator", "Manager", "SelfService"] as const satisfies readonly Role[];

/** What a membership or invitation reaches, in words: the Manager's payrolls, the Self Service employee. */
export type Scope = { role: Role; payrollIds: string[]; employeeId: string | null };
export type Option = { id: string; label: string };

/** The words of scopeLabel (people.scope.*), so that it works with a server or a client translator. */
type ScopeWords = (key: "notVisible" | "noPayroll" | "noEmployee" | "all") => string;

export function scopeLabel(scope: Scope, payrolls: readonly Option[], employees: readonly Option[], t: ScopeWords) {
  const name = (options: readonly Option[], id: string) => options.find((o) => o.id === id)?.label ?? t("notVisible");
  if (scope.role === "Manager")
    return scope.payrollIds.length ? scope.payrollIds.map((id) => name(payrolls, id)).join(", ") : t("noPayroll");
  if (scope.role === "SelfService") return scope.employeeId ? name(employees, scope.employeeId) : t("noEmployee");
  return t("all");
}

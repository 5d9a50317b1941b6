import type { Caller, Role, TenantAccess } from "./context";
import { Forbidden } from "./errors";

/**
 * The authorization table: every operation names one of these permissions, and only this table
 * says who holds it. Tenant permissions are checked after the tenant itself is resolved
 * (a tenant the caller cannot see is a 404, never a 403).
 *
 * The roles (service interface, contract 2a):
 * - Administrator: the whole tenant (system users act as Administrator of the tenants they created).
 * - Manager: the assigned payrolls: their employees, cases, periods, results, documents and closing.
 *   Nothing of the tenant's settings: company data, payroll settings, regulations, accounts and cost
 *   centers are read where a payroll needs them and never written; people (memberships, invitations)
 *   are neither read nor written. A payroll that is not assigned is a 404 (server/payrolls/visibility.ts).
 * - SelfService: their own employee record (checked in server/employees, server/cases, server/documents), and
 *   the payroll and its periods to find their way to it (payroll.list).
 */
export const tenantPermissions = {
  "tenant.read": ["Administrator", "Manager", "SelfService"],
  /**
   * The payroll itself and its periods (ids, dates, status): Self Service too, who reach their own cases and
   * documents through the payroll's and a period's paths (interface 1.9: the regular endpoints). A tenant has
   * one payroll, so it is always the Self Service person's own.
   */
  "payroll.list": ["Administrator", "Manager", "SelfService"],
  "payroll.read": ["Administrator", "Manager"],
  "payroll.create": ["Administrator"],
  "payroll.update": ["Administrator"],
  "payroll.rebase": ["Administrator"],
  "period.close": ["Administrator", "Manager"],
  "employee.read": ["Administrator", "Manager", "SelfService"],
  "employee.write": ["Administrator", "Manager"],
  /** Cases: Self Service only their own employee's ESS and ECT cases (checked in server/cases). */
  "case.read": ["Administrator", "Manager", "SelfService"],
  "case.write": ["Administrator", "Manager", "SelfService"],
  /**
   * Company data (the company's cases, employeeId null) is a tenant setting: a finer rule under
   * case.write, checked by assertCompanyDataWrite in server/cases/post-case-change.ts.
   */
  "company.write": ["Administrator"],
  /** Documents: Self Service only their own payslips and salary certificates (checked in server/documents). */
  "document.read": ["Administrator", "Manager", "SelfService"],
  "payout.read": ["Administrator", "Manager"],
  "payout.write": ["Administrator", "Manager"],
  /** Tasks of a payroll (contract 9a): Administrators and the payroll's Managers (server/payrolls/visibility.ts). */
  "task.read": ["Administrator", "Manager"],
  "task.write": ["Administrator", "Manager"],
  "lookup.read": ["Administrator", "Manager"],
  "lookup.write": ["Administrator"],
  "membership.read": ["Administrator"],
  "membership.write": ["Administrator"],
  /** Webhooks are a tenant setting: the Administrator (and so the tenant's system user) alone (contract section 9). */
  "webhook.read": ["Administrator"],
  "webhook.write": ["Administrator"],
} as const satisfies Record<string, readonly Role[]>;

/** Permissions that do not concern one tenant. */
export const globalPermissions = {
  /** Anyone, signed in or not (token endpoint, JWKS, OpenAPI). */
  public: () => true,
  /** Any signed-in caller. */
  authenticated: (caller: Caller | null) => caller !== null,
  /** A signed-in person (users, invitations): system users are not users. */
  person: (caller: Caller | null) => caller?.kind === "person",
  /** Tenants are created by system users, never by a personal account. */
  "tenant.create": (caller: Caller | null) => caller?.kind === "system",
} as const;

export type TenantPermission = keyof typeof tenantPermissions;
export type GlobalPermission = keyof typeof globalPermissions;
export type Permission = TenantPermission | GlobalPermission;

export const isTenantPermission = (p: Permission): p is TenantPermission => Object.hasOwn(tenantPermissions, p);
export const isKnownPermission = (p: string): p is Permission =>
  Object.hasOwn(tenantPermissions, p) || Object.hasOwn(globalPermissions, p);

export function assertTenantPermission(permission: TenantPermission, access: TenantAccess) {
  const roles: readonly Role[] = tenantPermissions[permission];
  if (!roles.includes(access.role)) throw new Forbidden(`The ${access.role} role may not do this (${permission}).`);
}

/** The finer rule of case.write: only who holds company.write records company data (403, never 422). */
export function assertCompanyDataWrite(access: TenantAccess, caseName: string) {
  const roles: readonly Role[] = tenantPermissions["company.write"];
  if (!roles.includes(access.role)) {
    throw new Forbidden(
      `${caseName} is company data, a setting of the tenant: the ${access.role} role may read it, not change it (company.write).`,
      "case.company_data_forbidden",
    );
  }
}

export function assertGlobalPermission(permission: GlobalPermission, caller: Caller | null) {
  if (!globalPermissions[permission](caller)) {
    const reasons: Partial<Record<GlobalPermission, string>> = {
      "tenant.create": "Tenants are created by a system user.",
      person: "Only a signed-in person can do this; a system user is not a user.",
    };
    throw new Forbidden(reasons[permission]);
  }
}

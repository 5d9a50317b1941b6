/**
 * Who is calling, and for which tenant. Built in one place (server/api/route.ts through
 * server/auth/access.ts) and handed to every service verb; the tenant id never comes from a body.
 */
export type Role = "Administrator" | "Manager" | "SelfService";

export type Caller =
  | { kind: "system"; systemUserId: string; name: string }
  | { kind: "person"; userId: string; email: string; name: string };

export type TenantAccess = {
  tenantId: string;
  role: Role;
  /** Manager: the payrolls assigned. */
  payrollIds: string[];
  /** Self Service: the linked employee. */
  employeeId: string | null;
};

export type Ctx = { caller: Caller };
export type TenantCtx = Ctx & { tenantId: string; access: TenantAccess };

export type Verb<I> = { ctx: TenantCtx; input: I };

export function callerKey(caller: Caller) {
  return caller.kind === "system" ? `system:${caller.systemUserId}` : `person:${caller.userId}`;
}

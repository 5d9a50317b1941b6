import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Caller, TenantAccess } from "../context";
import { getDb, type Database } from "../db/client";
import { memberships, sessions, systemUsers, tenants, users } from "../db/schema";

/**
 * What the caller may see of a tenant: a system user is Administrator of the tenants it created,
 * a person has the role of their membership. null means the tenant is invisible to them.
 */
export async function tenantAccess(caller: Caller, tenantId: string): Promise<TenantAccess | null> {
  const db = await getDb();
  if (caller.kind === "system") {
    const [tenant] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), eq(tenants.createdBySystemUserId, caller.systemUserId)))
      .limit(1);
    return tenant ? administratorOf(tenantId) : null;
  }
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, caller.userId)))
    .limit(1);
  return membership ? accessOfMembership(membership) : null;
}

/** A system user is Administrator of the tenants it created. */
const administratorOf = (tenantId: string): TenantAccess => ({
  tenantId,
  role: "Administrator",
  payrollIds: [],
  employeeId: null,
});

const accessOfMembership = (m: typeof memberships.$inferSelect): TenantAccess => ({
  tenantId: m.tenantId,
  role: m.role,
  payrollIds: m.payrollIds,
  employeeId: m.employeeId,
});

/** tenantAccess of many tenants in one query: a tenant the caller cannot see has no entry. */
export async function tenantAccesses(caller: Caller, tenantIds: string[]): Promise<Map<string, TenantAccess>> {
  if (!tenantIds.length) return new Map();
  const db = await getDb();
  if (caller.kind === "system") {
    const rows = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(inArray(tenants.id, tenantIds), eq(tenants.createdBySystemUserId, caller.systemUserId)));
    return new Map(rows.map(({ id }) => [id, administratorOf(id)]));
  }
  const rows = await db
    .select()
    .from(memberships)
    .where(and(inArray(memberships.tenantId, tenantIds), eq(memberships.userId, caller.userId)));
  return new Map(rows.map((m) => [m.tenantId, accessOfMembership(m)]));
}

/** The statement of systemUserWithAccess, built once per database connection (it runs at nearly every request). */
const systemUserStatements = new WeakMap<object, ReturnType<typeof prepareSystemUserWithAccess>>();

function prepareSystemUserWithAccess(db: Database) {
  return db
    .select({ id: systemUsers.id, name: systemUsers.name, tenantId: tenants.id })
    .from(systemUsers)
    .leftJoin(
      tenants,
      and(eq(tenants.id, sql.placeholder("tenantId")), eq(tenants.createdBySystemUserId, systemUsers.id)),
    )
    .where(eq(systemUsers.id, sql.placeholder("systemUserId")))
    .limit(1)
    .prepare("system_user_with_access");
}

/**
 * A system user and what it may see of one tenant, in one query: the system user's row (null when it no
 * longer exists) and its access (null when the tenant is not one it created). Read at every request, as
 * tenantAccess is; nothing of it is kept.
 */
export async function systemUserWithAccess(systemUserId: string, tenantId: string) {
  const db = await getDb();
  let statement = systemUserStatements.get(db);
  if (!statement) systemUserStatements.set(db, (statement = prepareSystemUserWithAccess(db)));
  const [row] = await statement.execute({ systemUserId, tenantId });
  if (!row) return { systemUser: null, access: null };
  const access = row.tenantId ? administratorOf(tenantId) : null;
  return { systemUser: { id: row.id, name: row.name }, access };
}

type UserRow = typeof users.$inferSelect;

/** A person's row and their membership of one tenant (null columns when they have none), as both person reads select it. */
const withMembership = {
  user: users,
  membershipId: memberships.id,
  role: memberships.role,
  payrollIds: memberships.payrollIds,
  employeeId: memberships.employeeId,
};

/** The statements of personOfIdentityWithAccess, built once per database connection (a person's bearer token at every request). */
const personStatements = new WeakMap<object, ReturnType<typeof preparePersonWithAccess>>();

function preparePersonWithAccess(db: Database) {
  const identity = and(eq(users.issuer, sql.placeholder("issuer")), eq(users.subject, sql.placeholder("subject")));
  return {
    alone: db.select({ user: users }).from(users).where(identity).limit(1).prepare("person"),
    withAccess: db
      .select(withMembership)
      .from(users)
      .leftJoin(
        memberships,
        and(eq(memberships.tenantId, sql.placeholder("tenantId")), eq(memberships.userId, users.id)),
      )
      .where(identity)
      .limit(1)
      .prepare("person_with_access"),
  };
}

/** personWithAccess for a bearer token's person (issuer and subject), as one prepared statement. */
export async function personOfIdentityWithAccess(
  issuer: string,
  subject: string,
  tenantId: string | null,
): Promise<{ user: UserRow; access?: TenantAccess | null } | null> {
  const db = await getDb();
  let statements = personStatements.get(db);
  if (!statements) personStatements.set(db, (statements = preparePersonWithAccess(db)));
  if (!tenantId) {
    const [row] = await statements.alone.execute({ issuer, subject });
    return row ? { user: row.user } : null;
  }
  const [row] = await statements.withAccess.execute({ issuer, subject, tenantId });
  return row ? { user: row.user, access: accessOf(tenantId, row) } : null;
}

type MembershipColumns = {
  membershipId: string | null;
  role: TenantAccess["role"] | null;
  payrollIds: string[] | null;
  employeeId: string | null;
};

const accessOf = (tenantId: string, row: MembershipColumns): TenantAccess | null =>
  row.membershipId && row.role
    ? { tenantId, role: row.role, payrollIds: row.payrollIds ?? [], employeeId: row.employeeId }
    : null;

/**
 * A person's user row, found by `condition` over users (and sessions, with `session`), with their
 * membership of one tenant, in one query: null when no row matches; `access` null when they are no
 * member of the tenant, undefined without a tenant. Read at every request, as tenantAccess is: a
 * removed membership ends access at the next request.
 */
export async function personWithAccess(
  condition: SQL,
  tenantId: string | null,
  { session = false } = {},
): Promise<{ user: UserRow; access?: TenantAccess | null } | null> {
  const db = await getDb();
  if (!tenantId) {
    const from = session
      ? db.select({ user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
      : db.select({ user: users }).from(users);
    const [row] = await from.where(condition).limit(1);
    return row ? { user: row.user } : null;
  }
  const from = session
    ? db.select(withMembership).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
    : db.select(withMembership).from(users);
  const [row] = await from
    .leftJoin(memberships, and(eq(memberships.tenantId, tenantId), eq(memberships.userId, users.id)))
    .where(condition)
    .limit(1);
  return row ? { user: row.user, access: accessOf(tenantId, row) } : null;
}

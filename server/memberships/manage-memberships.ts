import "server-only";
import { and, asc, eq, exists, gt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Caller, TenantCtx, Verb } from "../context";
import { memberships, systemUsers, tenants, users } from "../db/schema";
import { inTenant, isUniqueViolation, type TenantScope } from "../db/tenant-scope";
import { Conflict, NotFound } from "../errors";
import { decodeCursor, toPage, type PageQuery } from "../http/pagination";
import { newId } from "../ids";
import { checkIfMatch } from "../http/etag";
import { checkRoleLinks } from "./role-links";
import { toMembership, type CreateMembership, type UpdateMembership } from "./schemas";

const alreadyMember = () =>
  new Conflict("membership.exists", "This person is already a member of the tenant; change their role instead.");

/** Who has access to the tenant, with each person's email and name. */
export async function listMemberships({ ctx, input }: Verb<PageQuery>) {
  const after = decodeCursor(input.cursor);
  return inTenant(ctx, async (scope) => {
    const rows = await scope
      .select({ membership: memberships, user: { email: users.email, name: users.name } })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(after ? gt(memberships.id, after) : undefined)
      .orderBy(asc(memberships.id))
      .limit(input.limit + 1);
    return toPage(
      rows.map((r) => ({ ...r, id: r.membership.id })),
      input.limit,
      (r) => toMembership(r.membership, r.user),
    );
  });
}

/**
 * A person the caller may enrol by id: one who already shares a tenant with the caller (a system user:
 * a member of a tenant it created; a person: a member of a tenant they are a member of). Anyone else
 * is unknown to the caller, exactly like an id that does not exist.
 */
async function knownPerson(scope: TenantScope, caller: Caller, userId: string) {
  const theirs = alias(memberships, "their_membership");
  // Memberships of other tenants: a question across tenants, asked past the tenant wall (its statement names whose).
  const [user] = await scope.asServiceRole((tx) => {
    const shared =
      caller.kind === "system"
        ? tx
            .select({ one: sql`1` })
            .from(theirs)
            .innerJoin(tenants, eq(tenants.id, theirs.tenantId))
            .where(and(eq(theirs.userId, users.id), eq(tenants.createdBySystemUserId, caller.systemUserId)))
        : tx
            .select({ one: sql`1` })
            .from(theirs)
            .innerJoin(
              memberships,
              and(eq(memberships.tenantId, theirs.tenantId), eq(memberships.userId, caller.userId)),
            )
            .where(eq(theirs.userId, users.id));
    return tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), exists(shared)))
      .limit(1);
  });
  if (!user) throw new NotFound("user");
  return user;
}

/** Gives a person who already shares a tenant with the caller access at once; others are invited by email. */
export async function createMembership({ ctx, input }: Verb<CreateMembership>) {
  try {
    return await inTenant(ctx, async (scope) => {
      const user = await knownPerson(scope, ctx.caller, input.userId);
      if (await scope.first(memberships, eq(memberships.userId, user.id))) throw alreadyMember();
      const links = await checkRoleLinks(scope, input);
      const row = await scope.insert(memberships, { id: newId(), userId: user.id, role: input.role, ...links });
      return { membership: toMembership(row, user), version: row.version };
    });
  } catch (error) {
    if (isUniqueViolation(error, "memberships_tenant_user_key")) throw alreadyMember();
    throw error;
  }
}

/**
 * A tenant keeps someone to administer it: the last Administrator membership cannot be demoted or removed
 * while no system user administers the tenant either (the system user that created it is an Administrator,
 * contract 2, so for a tenant made through the API this never refuses).
 */
async function assertNotLastAdministrator(scope: TenantScope, membership: { id: string; role: string }) {
  if (membership.role !== "Administrator") return;
  const administrators = await scope.rows(
    memberships,
    and(eq(memberships.role, "Administrator"), ne(memberships.id, membership.id)),
    { limit: 1 },
  );
  if (administrators.length) return;
  const [administered] = await scope
    .select({ id: tenants.id })
    .from(tenants)
    .innerJoin(systemUsers, eq(systemUsers.id, tenants.createdBySystemUserId))
    .limit(1);
  if (!administered) {
    throw new Conflict(
      "membership.last_administrator",
      "This is the tenant's last Administrator; make someone else Administrator first.",
    );
  }
}

/** Changes the role under a row lock; an If-Match naming another version is refused (412). */
export async function updateMembership({
  ctx,
  membershipId,
  input,
  ifMatch = null,
}: {
  ctx: TenantCtx;
  membershipId: string;
  input: UpdateMembership;
  ifMatch?: string | null;
}) {
  return inTenant(ctx, async (scope) => {
    const current = await scope.lock(memberships, eq(memberships.id, membershipId));
    if (!current) throw new NotFound("membership");
    checkIfMatch(ifMatch, current);
    if (input.role !== "Administrator") await assertNotLastAdministrator(scope, current);
    const links = await checkRoleLinks(scope, input, current);
    const [row] = await scope.update(
      memberships,
      { role: input.role, ...links, version: sql`${memberships.version} + 1` },
      eq(memberships.id, membershipId),
    );
    return { membership: toMembership(row!), version: row!.version };
  });
}

/** Removes the member's access at once; their user record (and identity account) stays. */
export async function deleteMembership({ ctx, membershipId }: { ctx: TenantCtx; membershipId: string }) {
  return inTenant(ctx, async (scope) => {
    const current = await scope.lock(memberships, eq(memberships.id, membershipId));
    if (!current) throw new NotFound("membership");
    await assertNotLastAdministrator(scope, current);
    await scope.delete(memberships, eq(memberships.id, membershipId));
  });
}

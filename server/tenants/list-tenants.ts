import "server-only";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Ctx } from "../context";
import { getDb } from "../db/client";
import { memberships, tenants } from "../db/schema";
import { decodeCursor, toPage, type PageQuery } from "../http/pagination";
import { toTenant } from "./schemas";

/** The tenants the caller can see: created by the system user, or where the person is a member. */
export async function listTenants({ ctx, input }: { ctx: Ctx; input: PageQuery }) {
  const db = await getDb();
  const after = decodeCursor(input.cursor);
  const visible =
    ctx.caller.kind === "system"
      ? eq(tenants.createdBySystemUserId, ctx.caller.systemUserId)
      : inArray(
          tenants.id,
          db.select({ id: memberships.tenantId }).from(memberships).where(eq(memberships.userId, ctx.caller.userId)),
        );
  const rows = await db
    .select()
    .from(tenants)
    .where(and(visible, after ? gt(tenants.id, after) : undefined))
    .orderBy(asc(tenants.id))
    .limit(input.limit + 1);
  return toPage(rows, input.limit, toTenant);
}

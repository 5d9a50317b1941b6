import "server-only";
import type { Ctx } from "../context";
import { getDb } from "../db/client";
import { tenants } from "../db/schema";
import { Forbidden } from "../errors";
import { newId } from "../ids";
import { toTenant, type CreateTenant } from "./schemas";

/** Tenants are created by system users; the creator is Administrator of the new tenant. */
export async function createTenant({ ctx, input }: { ctx: Ctx; input: CreateTenant }) {
  if (ctx.caller.kind !== "system") throw new Forbidden("Tenants are created by a system user.");
  const db = await getDb();
  const [row] = await db
    .insert(tenants)
    .values({ id: newId(), name: input.name, createdBySystemUserId: ctx.caller.systemUserId })
    .returning();
  return toTenant(row!);
}

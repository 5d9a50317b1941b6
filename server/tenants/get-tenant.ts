import "server-only";
import { eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { getDb } from "../db/client";
import { tenants } from "../db/schema";
import { NotFound } from "../errors";
import { toTenant } from "./schemas";

/** The caller's tenant (its visibility was settled when ctx was built). */
export async function getTenant({ ctx }: { ctx: TenantCtx }) {
  const db = await getDb();
  const [row] = await db.select().from(tenants).where(eq(tenants.id, ctx.tenantId)).limit(1);
  if (!row) throw new NotFound("tenant");
  return toTenant(row);
}

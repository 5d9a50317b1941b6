import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { employees } from "../db/schema";
import { inTenant, isUniqueViolation } from "../db/tenant-scope";
import { checkIfMatch } from "../http/etag";
import { identifierTaken } from "./identifier-taken";
import { findVisibleEmployee } from "./get-employee";
import { toEmployee, type UpdateEmployee } from "./schemas";
import { NOT_RECORDED, employmentOf } from "./employment";

/** Identifier and name are direct record fields: applied at once, not time-versioned. */
export async function updateEmployee({
  ctx,
  employeeId,
  input,
  ifMatch,
}: {
  ctx: TenantCtx;
  employeeId: string;
  input: UpdateEmployee;
  ifMatch: string | null;
}) {
  try {
    return await inTenant(ctx, async (scope) => {
      const current = await findVisibleEmployee(scope, ctx, employeeId, { lock: true });
      checkIfMatch(ifMatch, current);
      const [row] = await scope.update(
        employees,
        {
          identifier: input.identifier ?? current.identifier,
          firstName: input.firstName ?? current.firstName,
          lastName: input.lastName ?? current.lastName,
          version: sql`${employees.version} + 1`,
          updatedAt: new Date(),
        },
        eq(employees.id, employeeId),
      );
      const employment = await employmentOf(scope, [employeeId]);
      return { employee: toEmployee(row!, employment.get(employeeId) ?? NOT_RECORDED), version: row!.version };
    });
  } catch (error) {
    if (input.identifier && isUniqueViolation(error, "employees_tenant_identifier_key"))
      throw identifierTaken(input.identifier);
    throw error;
  }
}

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Verb } from "../context";
import { employees, payrolls } from "../db/schema";
import { inTenant, isUniqueViolation, type TenantScope } from "../db/tenant-scope";
import { Invalid } from "../errors";
import { newId } from "../ids";
import { visiblePayrolls } from "../payrolls/visibility";
import type { TenantCtx } from "../context";
import { toEmployee, type CreateEmployee } from "../employees/schemas";
import { identifierTaken } from "../employees/identifier-taken";
import { storedRegulations } from "../regulations/store";
import { recordAndRecalculate } from "../results/recalculate";

/** The division an employee may be put in: one of a payroll the caller can see. */
async function divisionFor(scope: TenantScope, ctx: TenantCtx, divisionId: string | undefined) {
  const visible = await scope.rows(
    payrolls,
    and(visiblePayrolls(ctx), divisionId ? eq(payrolls.divisionId, divisionId) : undefined),
    { limit: 2 },
  );
  if (divisionId) {
    if (!visible.length)
      throw Invalid.field("divisionId", "No payroll of this tenant has this division.", "employee.unknown_division");
    return divisionId;
  }
  if (visible.length !== 1) {
    throw Invalid.field(
      "divisionId",
      visible.length
        ? "Name the division: the tenant has several payrolls."
        : "Create the payroll first: employees belong to its division.",
      "employee.division_required",
    );
  }
  return visible[0]!.divisionId;
}

export async function createEmployee({ ctx, input }: Verb<CreateEmployee>) {
  const regulations = await storedRegulations();
  try {
    return await inTenant(ctx, async (scope) => {
      const divisionId = await divisionFor(scope, ctx, input.divisionId);
      const id = newId();
      const insert = () =>
        scope.insert(employees, {
          id,
          divisionId,
          identifier: input.identifier,
          firstName: input.firstName,
          lastName: input.lastName,
        });
      const payroll = await scope.first(payrolls, eq(payrolls.divisionId, divisionId));
      // The new employee's entry of the open period, in the same transaction.
      const row = payroll
        ? (await recordAndRecalculate(scope, regulations, payroll, { employees: [id] }, insert)).written
        : await insert();
      return { employee: toEmployee(row), version: row.version };
    });
  } catch (error) {
    if (isUniqueViolation(error, "employees_tenant_identifier_key")) throw identifierTaken(input.identifier);
    throw error;
  }
}

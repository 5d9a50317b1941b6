import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { caseChanges, caseValues } from "@/server/db/schema";
import { inTenantOf } from "@/server/db/tenant-scope";
import { employeesWithEmployment, employmentOf } from "@/server/employees/employment";
import { newId } from "@/server/ids";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

/**
 * The employees list decides employment in SQL (inForceFirst, server/bitemporal/in-force-sql.ts); the calculation's
 * readers decide it with valueInForce (server/bitemporal/in-force.ts), as employmentOf does. Over random histories
 * of entry and exit dates (overlapping validity, values recorded in the same millisecond and within one
 * millisecond, dates before, inside and after every validity), both must answer the same.
 */
const day = fc.integer({ min: 0, max: 40 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
const value = fc.record({
  field: fc.constantFrom("EntryDate", "ExitDate"),
  value: day,
  start: day,
  length: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  // Record times a few milliseconds apart, some in the same millisecond, some microseconds apart.
  recordedMs: fc.integer({ min: 0, max: 5 }),
  recordedUs: fc.constantFrom(0, 0, 400),
});

describe("employment decided in SQL", () => {
  it("is employmentOf's answer, for every history and date", async () => {
    const t = await tenantFixture();
    await fc.assert(
      fc.asyncProperty(
        fc.array(value, { maxLength: 8 }),
        fc.array(day, { minLength: 1, maxLength: 4 }),
        async (history, dates) => {
          const created = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token });
          expect(created.status).toBe(201);
          const employeeId = created.body.id as string;
          await inTenantOf(t.orgId, async (scope) => {
            const change = await scope.insert(caseChanges, {
              id: newId(),
              payrollId: t.payroll.id,
              employeeId,
              caseName: "Employment",
              createdBy: "test",
              createdByName: "test",
            });
            for (const v of history) {
              const end =
                v.length === null
                  ? null
                  : new Date(Date.parse(v.start) + v.length * 86_400_000).toISOString().slice(0, 10);
              await scope.insertInto(caseValues).values({
                id: newId(),
                caseChangeId: change.id,
                payrollId: t.payroll.id,
                employeeId,
                caseName: "Employment",
                fieldName: v.field,
                value: v.value,
                start: v.start,
                end,
                createdAt: sql`${new Date(Date.UTC(2026, 0, 1, 12, 0, 0, v.recordedMs)).toISOString()}::timestamptz + make_interval(secs => ${v.recordedUs / 1_000_000})`,
              });
            }
          });
          for (const date of dates) {
            await inTenantOf(t.orgId, async (scope) => {
              const expected = (await employmentOf(scope, [employeeId], date)).get(employeeId) ?? {
                employed: true,
                entryDate: null,
                exitDate: null,
              };
              const [row] = await employeesWithEmployment(scope, { employeeId, today: date });
              expect(row!.employment, `${date}: ${JSON.stringify(history)}`).toEqual(expected);
              const listed = await employeesWithEmployment(scope, { employeeId, today: date, hideFormer: true });
              expect(listed.length).toBe(expected.employed ? 1 : 0);
            });
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

import { describe, expect, it, vi } from "vitest";
import { datedPayroll } from "../fixtures/dated-payroll";
import { wageTypeAmounts } from "../fixtures/entries";

vi.setConfig({ testTimeout: 120_000 });

/**
 * recordAndRecalculate (server/results/recalculate/record-and-recalculate.ts): the caller's writes and the
 * recalculation run in the caller's transaction under the payroll's results lock, the writes stamped with
 * the time the lock gave. A failure of either leaves neither: no value recorded, no entry recalculated.
 */
describe("recording values and recalculating, in one transaction", () => {
  async function setUp(from: string) {
    const { t, payroll, base, people } = await datedPayroll(from, `Record And Recalculate AG`, [{ salary: "6500.00" }]);
    const [employeeId] = people as [string];
    const { getDb } = await import("@/server/db/client");
    const schema = await import("@/server/db/schema");
    const { and, eq, sql } = await import("drizzle-orm");
    const { inTenantOf } = await import("@/server/db/tenant-scope");
    const { newId } = await import("@/server/ids");
    const { storedRegulations } = await import("@/server/regulations/store");
    const { recordAndRecalculate } = await import("@/server/results/recalculate");
    const { lockPayrollResults } = await import("@/server/results/basis");
    const db = await getDb();
    const regulations = await storedRegulations();
    const [row] = await db.select().from(schema.payrolls).where(eq(schema.payrolls.id, payroll.id));

    /** Records a MonthlySalary from `from` and recalculates the employee; `fail` throws at the point named. */
    const record = (salary: string, fail?: "write" | "recalculation", sendLock = false) =>
      inTenantOf(t.orgId, async (scope) => {
        const changeId = newId();
        const valueId = newId();
        return recordAndRecalculate(
          scope,
          regulations,
          // A division id that is not one: the recalculation's first read of the staff fails.
          fail === "recalculation" ? { ...row!, divisionId: "not-a-division" } : row!,
          { employees: [employeeId], from, locking: sendLock ? lockPayrollResults(scope, row!.id) : null },
          async ({ recorded, lockedAt }) => {
            await scope.insert(schema.caseChanges, {
              id: changeId,
              payrollId: row!.id,
              employeeId,
              caseName: "Salary",
              createdBy: "test",
              createdByName: "test",
              createdAt: recorded,
            });
            await scope.insertMany(schema.caseValues, [
              {
                id: valueId,
                caseChangeId: changeId,
                payrollId: row!.id,
                employeeId,
                caseName: "Salary",
                fieldName: "MonthlySalary",
                value: salary,
                start: from,
                end: null,
                createdAt: recorded,
              },
            ]);
            if (fail === "write") throw new Error("the write failed");
            return { valueId, lockedAt };
          },
        );
      });

    const salaryOfEntry = () => wageTypeAmounts(base, t.token, employeeId);
    const salariesRecorded = async () =>
      (
        await db
          .select({ value: schema.caseValues.value })
          .from(schema.caseValues)
          .where(and(eq(schema.caseValues.employeeId, employeeId), eq(schema.caseValues.fieldName, "MonthlySalary")))
      ).map((v) => v.value);
    const recordedAtOf = async (valueId: string) =>
      (
        await db
          .select({ at: sql<string>`${schema.caseValues.createdAt}::text` })
          .from(schema.caseValues)
          .where(eq(schema.caseValues.id, valueId))
      )[0]?.at;
    return { record, salaryOfEntry, salariesRecorded, recordedAtOf };
  }

  it("a failing write leaves no value and no recalculated entry; a failing recalculation keeps no write", async () => {
    const { record, salaryOfEntry, salariesRecorded } = await setUp("2093-03-01");
    expect(await salaryOfEntry()).toEqual(["6500.00"]);
    const before = await salariesRecorded();

    await expect(record("9000.00", "write")).rejects.toThrow("the write failed");
    await expect(record("9100.00", "recalculation")).rejects.toThrow();
    expect(await salariesRecorded()).toEqual(before);
    expect(await salaryOfEntry()).toEqual(["6500.00"]);
  });

  it("stamps the writes with the lock's time and recalculates what they recorded", async () => {
    const { record, salaryOfEntry, recordedAtOf } = await setUp("2094-03-01");
    for (const [salary, sendLock] of [
      ["9200.00", false],
      ["9300.00", true],
    ] as const) {
      const { written, outcome } = await record(salary, undefined, sendLock);
      expect(outcome.recalculated).toBe(1);
      expect(outcome.period?.periodStart).toBe("2094-03-01");
      expect(await recordedAtOf(written.valueId)).toBe(written.lockedAt);
      expect(await salaryOfEntry()).toEqual([salary]);
    }
  });
});

import { describe, expect, vi } from "vitest";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";
import { inBothRecalculationPaths } from "../fixtures/recalc-paths";
import { wageTypeAmounts } from "../fixtures/entries";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Two values of one field recorded in the same millisecond: the one with the larger id is in force
 * (server/bitemporal/in-force.ts: record time as a JavaScript Date holds it, to the millisecond, then id),
 * whatever their microseconds in the database. A recalculation reads the values in that order without
 * their record times (case_values_text, drizzle/0019_case_histories.sql): its salary must be the one the API shows.
 */
async function sameMillisecond(from: string) {
  const { t, base, post, people } = await datedPayroll(from, `Record Order ${from.slice(0, 4)} AG`, [
    { salary: "6500.00" },
  ]);
  const [employeeId] = people as [string];
  const first = await post("Salary", employeeId, { MonthlySalary: "7000.00" });
  const second = await post("Salary", employeeId, { MonthlySalary: "7100.00" });
  const { getDb } = await import("@/server/db/client");
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  // The value with the smaller id gets the later microseconds of one millisecond after both were recorded.
  await db.execute(sql`update case_values set created_at = date_trunc('milliseconds', now()) + case case_change_id when ${first.id}::uuid then interval '900 microseconds' else interval '100 microseconds' end
    where case_change_id in (${first.id}::uuid, ${second.id}::uuid) and field_name = 'MonthlySalary'`);

  const inForce = await api.get(
    `${base}/cases/values/time?employeeId=${employeeId}&caseFieldNames=MonthlySalary&valueDate=${from}`,
    { token: t.token },
  );
  expect(inForce.body.items.map((v: { value: string }) => v.value)).toEqual(["7100.00"]);

  // Any change of the employee recalculates their open period from the stored values.
  await post("Employment", employeeId, { ActivityRate: "100" });
  expect(await wageTypeAmounts(base, t.token, employeeId)).toEqual(["7100.00"]);
}

describe("values recorded in the same millisecond", () => {
  inBothRecalculationPaths(
    sameMillisecond,
    ["2086-03-01", "2085-03-01"],
    ["a recalculation takes the value in force as the API shows it", "the same through COPY and the threads"],
  );
});

import { describe, expect, it, vi } from "vitest";
import { VALUE_PART, VALUE_RECORD } from "@/server/results/entry-rows";
import { datedPayroll } from "../fixtures/dated-payroll";
import { inBothRecalculationPaths } from "../fixtures/recalc-paths";
import { wageTypeAmounts } from "../fixtures/entries";

vi.setConfig({ testTimeout: 120_000 });

/**
 * case_histories keeps each employee's case values as the text a recalculation reads, rebuilt by a trigger
 * on case_values (drizzle/0019_case_histories.sql). It must always be what aggregating the values gives
 * (written out below as entry-rows.ts describes the text, independently of the migration's case_values_text),
 * whatever wrote them, and a recalculation must not read from it a value recorded after its time.
 */
async function database() {
  const { getDb } = await import("@/server/db/client");
  const { sql, eq, isNotNull, and } = await import("drizzle-orm");
  const { caseValues } = await import("@/server/db/schema");
  return { db: await getDb(), sql, eq, isNotNull, and, caseValues };
}

/** The kept texts of a tenant's employees against the values aggregated anew, employee by employee. */
async function keptAndAggregated(tenantId: string) {
  const { db, sql, eq, isNotNull, and, caseValues } = await database();
  const kept = (await db.execute(
    sql`select employee_id, payroll_id, "values", recorded_until::text as recorded_until from case_histories where tenant_id = ${tenantId}::uuid`,
  )) as unknown as Row[] | { rows: Row[] };
  const inRecordOrder = sql<string>`string_agg(concat_ws(${VALUE_PART}::text, ${caseValues.fieldName}, ${caseValues.value}, ${caseValues.start}, coalesce(${caseValues.end}::text, ''), ${caseValues.caseChangeId}), ${VALUE_RECORD}::text order by date_trunc('milliseconds', ${caseValues.createdAt}), ${caseValues.id})`;
  const aggregated = await db
    .select({
      employee_id: caseValues.employeeId,
      payroll_id: caseValues.payrollId,
      values: inRecordOrder,
      recorded_until: sql<string>`max(${caseValues.createdAt})::text`,
    })
    .from(caseValues)
    .where(and(eq(caseValues.tenantId, tenantId), isNotNull(caseValues.employeeId)))
    .groupBy(caseValues.payrollId, caseValues.employeeId);
  const byEmployee = (rows: Row[]) =>
    Object.fromEntries(
      rows.map((r) => [`${r.payroll_id}/${r.employee_id}`, { values: r.values, recordedUntil: r.recorded_until }]),
    );
  return { kept: byEmployee(Array.isArray(kept) ? kept : kept.rows), aggregated: byEmployee(aggregated as Row[]) };
}
type Row = { employee_id: string | null; payroll_id: string; values: string; recorded_until: string };

async function expectKeptAsAggregated(tenantId: string, employees: number) {
  const { kept, aggregated } = await keptAndAggregated(tenantId);
  expect(Object.keys(aggregated)).toHaveLength(employees);
  expect(kept).toEqual(aggregated);
}

describe("kept case histories", () => {
  it("are what aggregating the values gives, after inserts, updates and deletes by anyone", async () => {
    const { t, post, people } = await datedPayroll("2087-01-01", "Kept Histories AG", [
      { salary: "6500.00" },
      { salary: "7200.00" },
    ]);
    const [first, second] = people as [string, string];
    // Through the API: each change inserts the values of one employee.
    await post("Salary", first, { MonthlySalary: "6600.00" }, "2087-02-01");
    await expectKeptAsAggregated(t.orgId, 2);

    const { db, sql } = await database();
    // Record times moved within one millisecond (the order the text keeps), and a value moved to the other employee.
    await db.execute(
      sql`update case_values set created_at = date_trunc('milliseconds', created_at) + interval '900 microseconds' where employee_id = ${first}::uuid and field_name = 'MonthlySalary'`,
    );
    await expectKeptAsAggregated(t.orgId, 2);
    await db.execute(
      sql`update case_values set employee_id = ${second}::uuid where employee_id = ${first}::uuid and field_name = 'Iban'`,
    );
    await expectKeptAsAggregated(t.orgId, 2);
    const { kept } = await keptAndAggregated(t.orgId);
    const keptOf = (employeeId: string) => Object.entries(kept).find(([key]) => key.endsWith(employeeId))![1].values;
    expect(keptOf(first)).not.toContain("CH9300762011623852957");
    expect(keptOf(second).split("CH9300762011623852957")).toHaveLength(3);

    // Several employees' values in one statement, as an import or a fixture writes them, and every value of one employee deleted.
    await db.execute(sql`insert into case_values (id, tenant_id, case_change_id, payroll_id, employee_id, case_name, field_name, value, start)
      select gen_random_uuid(), tenant_id, case_change_id, payroll_id, case when employee_id = ${first}::uuid then ${second}::uuid else ${first}::uuid end, case_name, field_name, value, start
      from case_values where employee_id in (${first}::uuid, ${second}::uuid) and field_name = 'ActivityRate'`);
    await expectKeptAsAggregated(t.orgId, 2);
    await db.execute(sql`delete from case_values where employee_id = ${second}::uuid`);
    await expectKeptAsAggregated(t.orgId, 1);
    expect(Object.keys((await keptAndAggregated(t.orgId)).kept).some((key) => key.endsWith(second))).toBe(false);
  });
});

/**
 * A value whose record time lies after the recalculation's (set in the future here; the results lock keeps
 * it from happening otherwise) is not known to it: that employee's values up to its time are aggregated
 * anew, the others' read as kept. A company change recalculates the whole payroll, slice by slice in the threads' path.
 */
async function recordedLater(from: string) {
  const { t, base, post, people } = await datedPayroll(from, `Recorded Later ${from.slice(0, 4)} AG`, [
    { salary: "6500.00" },
    { salary: "7200.00" },
  ]);
  const [later, known] = people as [string, string];
  const raise = await post("Salary", later, { MonthlySalary: "9900.00" });
  await post("Salary", known, { MonthlySalary: "7300.00" });
  const { db, sql } = await database();
  await db.execute(
    sql`update case_values set created_at = now() + interval '1 day' where case_change_id = ${raise.id}::uuid`,
  );

  await post("CompanyFak", null, { FakCanton: "ZH", FakRate: "1.1" });
  const salaryOf = (employeeId: string) => wageTypeAmounts(base, t.token, employeeId);
  expect(await salaryOf(later)).toEqual(["6500.00"]);
  expect(await salaryOf(known)).toEqual(["7300.00"]);
}

describe("a value recorded after a recalculation's time", () => {
  inBothRecalculationPaths(
    recordedLater,
    ["2089-01-01", "2088-01-01"],
    ["is not read, the other employees' values are", "the same through COPY and the threads, slice by slice"],
  );
});

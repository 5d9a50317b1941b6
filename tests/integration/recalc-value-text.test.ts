import { describe, expect, vi } from "vitest";
import { historyFromText } from "@/server/results/entry-rows";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";
import { inBothRecalculationPaths } from "../fixtures/recalc-paths";
import { wageTypeAmounts } from "../fixtures/entries";

vi.setConfig({ testTimeout: 120_000 });

/**
 * A recalculation reads each employee's case values as one text (case_values_text, kept in case_histories, read by
 * entry-rows.ts's historyFromText). Text values with a leading '=', emoji, quotes, backslashes, apostrophes, separators of other
 * formats and letters beyond ASCII must come out of it exactly as recorded, and the recalculation must read
 * them through either path (a value it cannot read fails the whole recalculation).
 */
const ADDRESS = {
  Street: `=Rue de l'Île 🏠 "Bâtiment B" \\ 3e étage; Zürich, 10 % | x\\ty`,
  HouseNumber: "12a/b",
  PostalCode: "1204",
  City: "Genève ✓ (Plainpalais) \\\\N",
  Country: "CH",
};

async function addressedEmployee(from: string) {
  const { t, base, post, people } = await datedPayroll(from, `Value Text ${from.slice(0, 4)} AG`, [
    { salary: "6500.00" },
  ]);
  const [employeeId] = people as [string];
  await post("EmployeeAddress", employeeId, ADDRESS);

  // What the calculation reads, straight from the database, against what the API shows as recorded.
  const { getDb } = await import("@/server/db/client");
  const { caseHistories } = await import("@/server/db/schema");
  const { eq } = await import("drizzle-orm");
  const [row] = await (
    await getDb()
  )
    .select({ text: caseHistories.values })
    .from(caseHistories)
    .where(eq(caseHistories.employeeId, employeeId));
  const history = historyFromText(row!.text);
  const recorded = await api.get(`${base}/cases/values/time?employeeId=${employeeId}&valueDate=${from}`, {
    token: t.token,
  });
  expect(recorded.status, recorded.text).toBe(200);
  const shown = Object.fromEntries(
    (recorded.body.items as { caseFieldName: string; value: string }[]).map((v) => [v.caseFieldName, v.value]),
  );
  expect(Object.fromEntries(Object.entries(history).map(([field, values]) => [field, values.at(-1)!.value]))).toEqual(
    shown,
  );
  expect(shown).toMatchObject(ADDRESS);

  // A change of the employee recalculates their open period, reading every value above.
  await post("Salary", employeeId, { MonthlySalary: "6600.00" });
  expect(await wageTypeAmounts(base, t.token, employeeId)).toEqual(["6600.00"]);
}

describe("text values in a recalculation", () => {
  inBothRecalculationPaths(
    addressedEmployee,
    ["2084-03-01", "2083-03-01"],
    ["reach the calculation as recorded", "the same through COPY and the threads"],
  );
});

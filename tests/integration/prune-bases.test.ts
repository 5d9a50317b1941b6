import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { rowsOf } from "@/server/db/rows";
import { calculationBases, payrunEntries } from "@/server/db/schema";
import { runDueJobs } from "@/server/job-worker";
import { JOB_SCHEMA } from "@/server/db/job-client";
import { sendSystemJob } from "@/server/jobs/queue";
import { PRUNE_BASES, pruneCalculationBases } from "@/server/maintenance/prune-bases";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";

/**
 * Every case change recalculates and records a basis; the daily prune deletes the bases no entry names
 * (server/maintenance/prune-bases.ts), and every entry, closed or open, still explains itself afterwards.
 */
const FROM = "2096-01-01";

/** explainedLines as it is, except that it can be told to find its basis gone (a prune between the entry's read and its basis's). */
const basisGone = vi.hoisted(() => ({ times: 0, calls: 0 }));
vi.mock("@/server/results/explain", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/results/explain")>();
  return {
    ...real,
    explainedLines: async (...args: Parameters<typeof real.explainedLines>) => {
      basisGone.calls++;
      if (basisGone.times > 0) {
        basisGone.times--;
        throw new real.BasisGone(args[3].basisId ?? "none");
      }
      return real.explainedLines(...args);
    },
  };
});

describe("the daily prune of calculation bases", () => {
  it("deletes the bases no entry names; every entry still explains itself, a closed period as before", async () => {
    const { t, payroll, base, post, people } = await datedPayroll(FROM, "Pruned AG", [
      { salary: "6500.00" },
      { salary: "7100.00" },
    ]);
    const january = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body.id as string;
    expect((await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).status).toBe(200);
    // February: one employee's salary changes twice, back-dated to January (a retro line), each change a basis.
    await post("Salary", people[0]!, { SalaryType: "monthly", MonthlySalary: "6600.00" });
    await post("Salary", people[0]!, { SalaryType: "monthly", MonthlySalary: "6700.00" });

    const explained = async (periodId: string) => {
      const items = (await api.get(`${base}/payrunperiods/${periodId}/entries`, { token: t.token })).body.items as {
        id: string;
        employeeId: string;
      }[];
      const all = new Map<string, unknown>();
      for (const item of items) {
        const response = await api.get(`${base}/payrunperiods/${periodId}/entries/${item.id}?explain=true`, {
          token: t.token,
        });
        expect(response.status, response.text).toBe(200);
        all.set(item.employeeId, response.body.wageTypes);
      }
      return all;
    };
    const before = { january: await explained(january), february: await explained("open") };

    // An entry whose basis went between the two reads is read again, once: the same answer.
    basisGone.times = 1;
    basisGone.calls = 0;
    expect(await explained(january)).toEqual(before.january);
    expect(basisGone.calls).toBe(before.january.size + 1);

    const db = await getDb();
    const bases = async () =>
      (
        await db
          .select({ id: calculationBases.id })
          .from(calculationBases)
          .where(eq(calculationBases.payrollId, payroll.id))
      )
        .map((b) => b.id)
        .sort();
    const named = async () =>
      [
        ...new Set(
          (
            await db
              .select({ basisId: payrunEntries.basisId })
              .from(payrunEntries)
              .where(eq(payrunEntries.payrollId, payroll.id))
          ).map((e) => e.basisId!),
        ),
      ].sort();
    const recorded = await bases();
    const inUse = await named();
    const unnamed = recorded.filter((id) => !inUse.includes(id));
    expect(inUse.length).toBeGreaterThan(0);
    expect(unnamed.length).toBeGreaterThan(0); // every case change recorded one; most are named by no entry now
    // On PostgreSQL the test files share one database, and another file's regulation update may have this payroll
    // recalculated meanwhile (a new basis, same figures). So the checks hold whatever such a recalculation does:
    // it records new bases and leaves older ones unnamed, but never names an older basis again.
    const namedOnesExist = async () => {
      const [now, existing] = [await named(), new Set(await bases())];
      expect(now.filter((id) => !existing.has(id))).toEqual([]);
    };

    // A young basis stays (it may belong to a recalculation under way): nothing of this payroll goes yet.
    await pruneCalculationBases();
    expect(await bases()).toEqual(expect.arrayContaining(recorded));

    // Counted as old, every basis no entry named goes, and none that an entry names.
    const deleted = await pruneCalculationBases(new Date(Date.now() + 60_000));
    expect(deleted).toBeGreaterThanOrEqual(unnamed.length); // other tests' unnamed bases may go too
    expect((await bases()).filter((id) => unnamed.includes(id))).toEqual([]);
    await namedOnesExist();
    expect(await explained(january)).toEqual(before.january);
    expect((await explained("open")).size).toBe(before.february.size); // each answered 200 with its explanations

    // The next change records a basis again and leaves the one it replaced unnamed; a second prune deletes that one.
    const beforeChange = await named();
    await post("Salary", people[1]!, { SalaryType: "monthly", MonthlySalary: "7200.00" }, "2096-02-01");
    const afterChange = new Set(await named());
    const replaced = beforeChange.filter((id) => !afterChange.has(id));
    expect(replaced.length).toBeGreaterThan(0);
    await pruneCalculationBases(new Date(Date.now() + 60_000));
    expect((await bases()).filter((id) => replaced.includes(id))).toEqual([]);
    await namedOnesExist();
    expect(await explained(january)).toEqual(before.january);
  });

  it("runs as a daily system job", async () => {
    await sendSystemJob(PRUNE_BASES);
    await expect
      .poll(
        async () => {
          await runDueJobs();
          // pg-boss keeps a finished job: whoever ran it (on PostgreSQL maybe another test file's runDueJobs), it completed.
          const result = await (
            await getDb()
          ).execute(
            sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job where name = ${PRUNE_BASES} and state = 'completed'`,
          );
          const [row] = rowsOf<{ n: number }>(result);
          return Number(row?.n ?? 0);
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
  });
});

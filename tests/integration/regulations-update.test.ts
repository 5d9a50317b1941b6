import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { rowsOf } from "@/server/db/rows";
import { JOB_SCHEMA } from "@/server/db/job-client";
import { regulationVersions } from "@/server/db/schema";
import { runDueJobs, startJobWorker, stopJobWorker } from "@/server/job-worker";
import { jobWorkerBoss, sendSystemJob } from "@/server/jobs/queue";
import { allRegulations } from "@/server/regulations/catalog";
import { forgetCachedRegulations, importCatalog, storedRegulations, versionInForce } from "@/server/regulations/store";
import { regulationNames } from "@/server/results/names";
import {
  lastRegulationUpdate,
  REGULATIONS_RECALCULATE,
  REGULATIONS_UPDATE,
  REGULATIONS_UPDATE_CRON,
  updateRegulations,
} from "@/server/regulations/update";
import { api } from "../fixtures/api";
import { datedPayroll } from "../fixtures/dated-payroll";
import { holdCatalogLock } from "../fixtures/catalog-lock";

/**
 * The daily regulation update (interface 1.6). Its new version is dated far ahead (2098), with a
 * payroll that starts then: payrolls of other tests (the present) are not touched by it.
 */
const FUTURE = "2098-01-01";

const ahvLine = async (base: string, token: string) => {
  const entries = (await api.get(`${base}/payrunperiods/open/entries`, { token })).body.items;
  const entry = (await api.get(`${base}/payrunperiods/open/entries/${entries[0].id}`, { token })).body;
  return entry.wageTypes.find((w: { number: string }) => w.number === "5010") as { amount: string; rate: string };
};

/** The regulation recalculation jobs sent for a payroll, whatever their state. */
async function recalculationJobsOf(payrollId: string): Promise<number> {
  const result = await (
    await getDb()
  ).execute(
    sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job where name = ${REGULATIONS_RECALCULATE} and data->'payload'->>'payrollId' = ${payrollId}`,
  );
  const [row] = rowsOf<{ n: number }>(result);
  return Number(row!.n);
}

// This file changes the stored regulation catalog: on the shared PostgreSQL database, not while another such file runs.
let releaseCatalog: () => Promise<void> = async () => {};
beforeAll(async () => {
  releaseCatalog = await holdCatalogLock();
});
afterAll(async () => {
  await releaseCatalog();
});

describe("the daily regulation update", () => {
  afterAll(async () => {
    await stopJobWorker();
    await (
      await getDb()
    )
      .delete(regulationVersions)
      .where(and(eq(regulationVersions.name, "CH"), eq(regulationVersions.validFrom, FUTURE)));
    forgetCachedRegulations();
  });

  it("imports a new version, records the run and recalculates the payrolls whose results it changes", async () => {
    const { t, payroll, base } = await datedPayroll(FUTURE, "Future AG", [{ salary: "6500.00" }]);
    // Before the update: the shipped rate, 5.3 %, or on PostgreSQL, where the test files share one database, the
    // rate of a version another file has dated before 2098 meanwhile (explanations.test.ts keeps one from 2097).
    // Either way not the rate the update brings.
    expect((await ahvLine(base, t.token)).rate).not.toBe("5.5");

    // The catalog of a later release: CH with a version from 2098 on and a higher AHV rate.
    const catalog = allRegulations().map((regulation) => {
      if (regulation.name !== "CH") return regulation;
      const latest = regulation.versions.at(-1)!;
      const parameters = latest.parameters.map((p) => (p.key === "AhvEmployeeRate" ? { ...p, value: "5.5" } : p));
      return { ...regulation, versions: [...regulation.versions, { ...latest, validFrom: FUTURE, parameters }] };
    });
    // The update runs in another process (here: a second copy of the modules, with a cache of its own), while this
    // process, whose worker runs the recalculation, has the regulations before it cached.
    await storedRegulations();
    vi.resetModules();
    const elsewhere = await import("@/server/regulations/update");
    const outcome = await elsewhere.updateRegulations("schedule", { catalog });
    expect(outcome.changes).toEqual([{ name: "CH", validFrom: FUTURE }]);
    expect(outcome.payrollsRecalculated).toBeGreaterThanOrEqual(1);
    expect(await lastRegulationUpdate()).toMatchObject({
      trigger: "schedule",
      added: 1,
      updated: 0,
      payrollsRecalculated: outcome.payrollsRecalculated,
    });
    // The recalculation is a job per payroll, done once the jobs ran. On PostgreSQL the test files share one
    // queue, so another file's runDueJobs (or worker) may run this job first: the test waits for its result
    // rather than counting the jobs it ran itself.
    expect(await recalculationJobsOf(payroll.id)).toBe(1);
    await expect
      .poll(
        async () => {
          await runDueJobs();
          return ahvLine(base, t.token);
        },
        { timeout: 20_000 },
      )
      .toMatchObject({ amount: "357.50", rate: "5.5" });

    // Nothing new: a second run imports nothing and recalculates nothing.
    expect(await updateRegulations("command", { catalog })).toMatchObject({
      added: 0,
      updated: 0,
      payrollsRecalculated: 0,
    });
  });

  it("runs as a job (the schedule's) and records when it ran", async () => {
    const before = new Date(Date.now() - 1000);
    await sendSystemJob(REGULATIONS_UPDATE);
    // Whoever runs it (on PostgreSQL another test file's runDueJobs may), the run is recorded.
    await expect
      .poll(
        async () => {
          await runDueJobs();
          return (await lastRegulationUpdate())?.ranAt.getTime() ?? 0;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(before.getTime());
    expect(await lastRegulationUpdate()).toMatchObject({ trigger: "schedule" });
  });

  it("gives the parameters' display names to a database whose versions were stored without them", async () => {
    // A database of the release before parameters had display names: the same versions, stored without them.
    const withoutNames = allRegulations().map((regulation) => ({
      ...regulation,
      versions: regulation.versions.map((version) => ({
        ...version,
        parameters: version.parameters.map((parameter) => ({ ...parameter, displayName: undefined })),
      })),
    }));
    await importCatalog(undefined, { catalog: withoutNames });
    forgetCachedRegulations();
    const ahvRate = async () =>
      versionInForce((await storedRegulations()).get("CH")!, "2026-01-01")!.parameters.find(
        (p) => p.key === "AhvEmployeeRate",
      )!;
    expect((await ahvRate()).displayName).toBeUndefined();
    expect(
      regulationNames([versionInForce((await storedRegulations()).get("CH")!, "2026-01-01")!]).parameterNames,
    ).toEqual([]);

    // Its stored versions stay as they are until the update (daily, or npm run regulations:update) imports the changed ones.
    const outcome = await updateRegulations("command");
    const changed = allRegulations().flatMap((r) =>
      r.versions.filter((v) => v.parameters.length).map((v) => ({ name: r.name, validFrom: v.validFrom })),
    );
    expect(outcome.changes).toEqual(expect.arrayContaining(changed));
    expect(outcome.changes).toHaveLength(changed.length);
    await runDueJobs(); // the recalculations it scheduled (same figures: only names changed)
    forgetCachedRegulations();
    expect((await ahvRate()).displayName).toEqual({
      de: "AHV/IV/EO-Beitragssatz Arbeitnehmende",
      fr: "Taux de cotisation AVS/AI/APG employé",
      it: "Aliquota di contributo AVS/AI/IPG dipendente",
      en: "AHV/IV/EO contribution rate, employee",
    });
    expect(await updateRegulations("command")).toMatchObject({ added: 0, updated: 0, payrollsRecalculated: 0 });
  });

  it("is scheduled once a day, in Swiss time, when the worker starts", async () => {
    await startJobWorker();
    const schedules = await jobWorkerBoss()!.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: REGULATIONS_UPDATE, cron: REGULATIONS_UPDATE_CRON, timezone: "Europe/Zurich" }),
      ]),
    );
    expect(REGULATIONS_UPDATE_CRON).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});

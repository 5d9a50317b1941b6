import "server-only";
import { recalcEvent } from "../recalc-phases";
import { calculateInThread } from "../recalc-pool";
import { regulationKey } from "./chain";
import { entryCopier } from "./entry-copier";
import type { EntriesRun } from "./run";
import { TASKS_AHEAD, THREAD_SLICE } from "./tuning";

/** A whole payroll: calculated in worker threads (recalc-pool.ts), slice by slice, while this thread sends the rows. */
export async function writeEntriesInThreads(run: EntriesRun, path: "staged" | "direct") {
  const { scope, payroll, open, basisId, chain, versionsOf, regulationOf, context, slices, clock, retroPeriods } = run;
  const copier = entryCopier(scope, payroll, open, basisId, path);
  const keys = Object.fromEntries(chain.map((p) => [p.id, regulationKey(versionsOf.get(p.id)!)]));
  const sent = () => ({
    regulations: Object.fromEntries(chain.map((p) => [keys[p.id]!, regulationOf.get(p.id)!])),
    qst: run.qst.files,
  });
  const shared = {
    chain: chain.map(({ id, periodStart, periodEnd, status }) => ({ id, periodStart, periodEnd, status })),
    openId: open.id,
    keys,
    qstKey: run.qst.key,
    company: context.company,
    usesCostCenters: context.usesCostCenters,
    constants: copier.constants,
  };
  // Threads take THREAD_SLICE employees per task, so that the first rows come back early; at most
  // TASKS_AHEAD tasks are given out beyond what was written, so that rows calculated faster than the
  // database stores them do not pile up in memory.
  const tasks = slices.all.flatMap(({ employees }, slice) =>
    Array.from({ length: Math.ceil(employees.length / THREAD_SLICE) }, (_, i) => ({
      employees: employees.slice(i * THREAD_SLICE, (i + 1) * THREAD_SLICE),
      slice,
      lastOfSlice: (i + 1) * THREAD_SLICE >= employees.length,
    })),
  );
  const start = (task: (typeof tasks)[number]) => {
    const result = slices.inputs(task.slice).then(({ valuesOf, storedOf }) =>
      calculateInThread(
        {
          ...shared,
          employees: task.employees.map(({ id }) => ({
            id,
            values: valuesOf.get(id) ?? null,
            booked: storedOf.get(id) ?? [],
          })),
        },
        sent,
      ),
    );
    result.catch(() => {}); // awaited in order below
    return { task, result };
  };
  const given = tasks.splice(0, TASKS_AHEAD).map(start);
  while (given.length) {
    const { task, result } = given.shift()!;
    const { rows, retroPeriods: retro } = await result;
    recalcEvent("rows calculated", task.slice);
    clock.lap("calculate");
    for (const period of retro) retroPeriods.add(period);
    const next = tasks.shift();
    if (next) given.push(start(next));
    await copier.writeText(rows);
    recalcEvent("rows sent", task.slice);
    if (task.lastOfSlice) await slices.done(task.slice, copier.flush);
    clock.lap("store");
  }
  await copier.finish();
}

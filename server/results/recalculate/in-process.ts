import "server-only";
import { type EntryRow, employeeEntry, entryBuilder, entryRow, historyFromText, newIds } from "../entry-rows";
import { entryCopier } from "./entry-copier";
import { entryWriter } from "./entry-writer";
import type { EntriesRun } from "./run";
import { WRITE_BATCH } from "./tuning";

/** Calculated in this thread, WRITE_BATCH employees between two writes, each write overlapping the next batch's calculation. */
export async function writeEntriesInProcess(run: EntriesRun, path: "json" | "staged" | "direct") {
  const { scope, payroll, open, basisId, regulationOf, context, staff, slices, clock, retroPeriods } = run;
  const writer =
    path === "json" ? entryWriter(scope, payroll, open, basisId) : entryCopier(scope, payroll, open, basisId, path);
  const entryOf = entryBuilder(regulationOf.get(open.id)!);
  let batch: EntryRow[] = [];
  let ids: string[] = [];
  let done = 0;
  for (let slice = 0; slice < slices.all.length; slice++) {
    const { valuesOf, storedOf } = await slices.inputs(slice);
    clock.lap("load");
    for (const employee of slices.all[slice]!.employees) {
      const values = valuesOf.get(employee.id);
      const history = historyFromText(values ?? null);
      clock.lap("prepare");
      const { entry, retroPeriods: retro } = employeeEntry(
        context,
        entryOf,
        employee.id,
        history,
        storedOf.get(employee.id) ?? [],
      );
      for (const period of retro) retroPeriods.add(period);
      clock.lap("calculate");
      if (!batch.length) ids = newIds(Math.min(WRITE_BATCH, staff.length - done));
      batch.push(entryRow(entry, ids[batch.length]!));
      done++;
      clock.lap("build");
      if (batch.length === WRITE_BATCH) {
        await writer.write(batch);
        batch = [];
        clock.lap("store");
      }
    }
    await slices.done(slice, async () => {
      if (batch.length) await writer.write(batch);
      batch = [];
      await writer.flush();
    });
  }
  if (batch.length) await writer.write(batch);
  await writer.finish();
}

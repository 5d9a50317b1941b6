/**
 * The entry of each recalculation worker thread (bundled to .workers/ by scripts/build-workers.mjs,
 * run by piscina from recalc-pool.ts): calculates a slice of a payroll's employees (250) and gives back
 * their rows as COPY text, in the slice's order. The merged regulations are kept per thread by the
 * key of their versions' checksums (a key names one content for good), so that each is sent to a
 * thread once and what the calculation prepares from it (keyed by the object) is prepared once.
 */
import type { CaseHistory } from "../calc/types";
import { shippedQstTable } from "../regulations/qst";
import { type BookedEntry, type ChainPeriod, type EntryBuilder, type MergedRegulation, copyLine, employeeEntry, entryBuilder, entryRow, historyFromJson, newIds } from "./entry-rows";

export type RecalcTask = {
  chain: ChainPeriod[];
  openId: string;
  /** Per period id of the chain, the key of its merged regulation. */
  keys: Record<string, string>;
  /** Merged regulations by key; null until the thread answered `missing`. */
  regulations: Record<string, MergedRegulation> | null;
  company: CaseHistory;
  usesCostCenters: boolean;
  /** What every COPY line ends with (recalculate.ts's entryCopier). */
  constants: string;
  /** values: the employee's case values as the histories query's JSON text (null: none). */
  employees: { id: string; values: string | null; booked: BookedEntry[] }[];
};
export type RecalcTaskResult = { missing: true } | { missing: false; text: string; retroPeriods: string[] };

const KEPT = 64;
const regulations = new Map<string, MergedRegulation>();
const builders = new WeakMap<MergedRegulation, EntryBuilder>();

export default function calculateSlice(task: RecalcTask): RecalcTaskResult {
  if (task.regulations) {
    if (regulations.size >= KEPT) regulations.clear();
    for (const [key, regulation] of Object.entries(task.regulations)) if (!regulations.has(key)) regulations.set(key, regulation);
  }
  if (Object.values(task.keys).some((key) => !regulations.has(key))) return { missing: true };
  const regulationOf = (periodId: string) => regulations.get(task.keys[periodId]!)!;
  const open = regulationOf(task.openId);
  let entryOf = builders.get(open);
  if (!entryOf) builders.set(open, (entryOf = entryBuilder(open)));
  const context = { chain: task.chain, openId: task.openId, regulationOf, company: task.company, qst: shippedQstTable(), usesCostCenters: task.usesCostCenters };
  const ids = newIds(task.employees.length);
  const retroPeriods = new Set<string>();
  let text = "";
  task.employees.forEach((employee, i) => {
    const history = historyFromJson(employee.values ? JSON.parse(employee.values) : []);
    const { entry, retroPeriods: retro } = employeeEntry(context, entryOf, employee.id, history, employee.booked);
    for (const period of retro) retroPeriods.add(period);
    text += copyLine(entryRow(entry, ids[i]!), task.constants);
  });
  return { missing: false, text, retroPeriods: [...retroPeriods] };
}

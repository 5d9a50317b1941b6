/**
 * The entry of each recalculation worker thread (bundled to .workers/ by scripts/build-workers.mjs,
 * run by piscina from recalc-pool.ts): calculates a slice of a payroll's employees (250) and gives back
 * their rows as COPY text, in the slice's order. The merged regulations are kept per thread by the
 * key of their versions' checksums (a key names one content for good), and the withholding-tax tariffs
 * by the key of their files, so that each is sent to a thread once and what the calculation prepares from it (keyed by the object) is prepared once.
 */
import type { CaseHistory } from "../calc/types";
import { type CompactTariffFile, type QstTariffTable, expandCompactTariff, tariffTable } from "../regulations/qst";
import {
  type BookedEntry,
  type ChainPeriod,
  type EntryBuilder,
  type MergedRegulation,
  copyLine,
  employeeEntry,
  entryBuilder,
  entryRow,
  historyFromText,
  newIds,
} from "./entry-rows";

export type RecalcTask = {
  chain: ChainPeriod[];
  openId: string;
  /** Per period id of the chain, the key of its merged regulation. */
  keys: Record<string, string>;
  /** Merged regulations by key; null until the thread answered `missing`. */
  regulations: Record<string, MergedRegulation> | null;
  /** Names the withholding-tax tariff files in force (server/regulations/qst/stored.ts). */
  qstKey: string;
  /** Those files; null until the thread answered `missing`. */
  qst: readonly CompactTariffFile[] | null;
  company: CaseHistory;
  usesCostCenters: boolean;
  /** What every COPY line ends with (recalculate/entry-copier.ts). */
  constants: string;
  /** values: the employee's case values as the histories query's text (null: none). */
  employees: { id: string; values: string | null; booked: BookedEntry[] }[];
};
/** rows: the COPY lines as UTF-8 bytes (written into one buffer: a string of every line, built up line by line, outlived many collections and had to be encoded again). */
export type RecalcTaskResult = { missing: true } | { missing: false; rows: Uint8Array; retroPeriods: string[] };

const KEPT = 64;
const regulations = new Map<string, MergedRegulation>();
const builders = new WeakMap<MergedRegulation, EntryBuilder>();
const qstTables = new Map<string, QstTariffTable>();
const QST_KEPT = 4;

export default function calculateSlice(task: RecalcTask): RecalcTaskResult {
  if (task.regulations) {
    if (regulations.size >= KEPT) regulations.clear();
    for (const [key, regulation] of Object.entries(task.regulations))
      if (!regulations.has(key)) regulations.set(key, regulation);
  }
  if (task.qst && !qstTables.has(task.qstKey)) {
    if (qstTables.size >= QST_KEPT) qstTables.clear();
    qstTables.set(task.qstKey, tariffTable(task.qst.flatMap((file) => file.tariffs.map(expandCompactTariff))));
  }
  const qst = qstTables.get(task.qstKey);
  if (!qst || Object.values(task.keys).some((key) => !regulations.has(key))) return { missing: true };
  const regulationOf = (periodId: string) => regulations.get(task.keys[periodId]!)!;
  const open = regulationOf(task.openId);
  let entryOf = builders.get(open);
  if (!entryOf) builders.set(open, (entryOf = entryBuilder(open)));
  const context = {
    chain: task.chain,
    openId: task.openId,
    regulationOf,
    company: task.company,
    qst,
    usesCostCenters: task.usesCostCenters,
  };
  const ids = newIds(task.employees.length);
  const retroPeriods = new Set<string>();
  const rows = utf8Writer(task.employees.length * 4096);
  task.employees.forEach((employee, i) => {
    const history = historyFromText(employee.values);
    const { entry, retroPeriods: retro } = employeeEntry(context, entryOf, employee.id, history, employee.booked);
    for (const period of retro) retroPeriods.add(period);
    rows.write(copyLine(entryRow(entry, ids[i]!), task.constants));
  });
  return { missing: false, rows: rows.bytes(), retroPeriods: [...retroPeriods] };
}

/** Strings appended as UTF-8 to a buffer that grows as needed. */
function utf8Writer(initialBytes: number) {
  let buffer = Buffer.allocUnsafe(Math.max(initialBytes, 64 * 1024));
  let used = 0;
  return {
    write(text: string) {
      const most = text.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 code unit
      if (used + most > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + most));
        buffer.copy(grown, 0, 0, used);
        buffer = grown;
      }
      used += buffer.write(text, used, "utf8");
    },
    // A copy of exactly the bytes written: a view would send the whole buffer (up to twice as large) to the calling thread.
    bytes: () => new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + used)),
  };
}

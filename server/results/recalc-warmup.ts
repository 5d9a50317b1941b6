import "server-only";
import { newId } from "../ids";
import { type Regulations, qstTariffsOf } from "../regulations/store";
import type { ChainPeriod } from "./entry-rows";
import { calculateInThread, recalcThreads, recalcThreadsReady } from "./recalc-pool";
import { syntheticCompanyHistory, syntheticEmployeeText } from "./synthetic-payroll";
import { mergedVersions, regulationKey, versionsFor } from "./recalculate";

/** Employees each thread calculates to warm up: enough for V8 to optimise the calculation's hot code (bench/NOTES.md). */
export const WARM_EMPLOYEES_PER_THREAD = 6000;
const TASK = 250;

/**
 * Starts the recalculation threads and has each calculate synthetic employees (a monthly salary), whose
 * rows are thrown away. A thread that has not calculated yet compiles the calculation from cold: a
 * fresh process's first large recalculation took about twice as long (bench/NOTES.md).
 * The first half of the tasks calculates an open January alone, the second half a closed January into
 * an open February (retro lines against it): the two shapes a payroll's chain of periods takes. Warmed
 * on the second alone, the first real recalculation of an open January threw the threads' optimised
 * calculation away (V8's --trace-deopt: employeeEntry "marked for deoptimization, reason: code
 * dependencies", retroFrom "wrong map") and compiled it again in V8's helper threads, beside the
 * database. Halves rather than alternate tasks: every thread takes tasks from one queue in turn, so
 * alternating, one thread could get every task of one shape. Both chains use the country regulation in
 * force. Run once at service start in the background (startup.ts); it uses no tenant's data and writes
 * nothing.
 */
export async function warmRecalcThreads(regulations: Regulations, employeesPerThread = WARM_EMPLOYEES_PER_THREAD) {
  if (!(await recalcThreadsReady())) return { warmed: 0 };
  const year = new Date().getUTCFullYear();
  const january = (status: string): ChainPeriod => ({
    id: newId(),
    periodStart: `${year}-01-01`,
    periodEnd: `${year}-01-31`,
    status,
  });
  const february: ChainPeriod = {
    id: newId(),
    periodStart: `${year}-02-01`,
    periodEnd: new Date(Date.UTC(year, 2, 0)).toISOString().slice(0, 10),
    status: "open",
  };
  const versions = versionsFor(regulations, { countryRegulation: "CH", industries: [] }, february.periodStart);
  if (!versions.length) return { warmed: 0 };
  const key = regulationKey(versions);
  const qst = qstTariffsOf(regulations);
  const regulation = mergedVersions(versions);
  const shapes = [[january("open")], [january("closed"), february]].map((chain) => ({
    chain,
    openId: chain[chain.length - 1]!.id,
    keys: Object.fromEntries(chain.map((p) => [p.id, key])),
  }));
  const company = syntheticCompanyHistory(`${year}-01-01`);
  const total = recalcThreads() * employeesPerThread;
  const count = Math.ceil(total / TASK);
  const tasks = Array.from({ length: count }, (_, t) =>
    calculateInThread(
      {
        ...shapes[t < count / 2 ? 0 : 1]!,
        qstKey: qst.key,
        company,
        usesCostCenters: false,
        constants: "",
        employees: Array.from({ length: Math.min(TASK, total - t * TASK) }, (_, i) => ({
          id: newId(),
          values: syntheticEmployeeText(t * TASK + i, `${year}-01-01`),
          booked: [],
        })),
      },
      () => ({ regulations: { [key]: regulation }, qst: qst.files }),
    ).then(({ rows }) => linesIn(rows)),
  );
  // Rows calculated, counted from what the threads gave back (each task's rows dropped as it is counted).
  const warmed = (await Promise.all(tasks)).reduce((sum, lines) => sum + lines, 0);
  return { warmed };
}

/** Lines (newline bytes) in COPY text. */
function linesIn(bytes: Uint8Array) {
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
  return lines;
}

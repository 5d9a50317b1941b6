/**
 * bench/recalc-thread (run by hand, to work on recalculation speed): what one recalculation thread
 * does for each employee, without the database or the thread: the bundled worker's calculateSlice
 * (server/results/recalc-worker.ts) is called in this thread on tasks of 250 synthetic employees (the
 * benches' payroll: server/results/synthetic-payroll.ts) in an open January, and the time per employee
 * is printed per round. It reads the text of the case values, calculates and writes the COPY lines;
 * bench/recalc-big measures the whole recalculation, whose threads share two cores with the database.
 *   tsx --conditions=react-server bench/recalc-thread.ts [--employees 10000] [--rounds 8]
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";

process.env.PGLITE_DATA_DIR ??= "memory://";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: { employees: { type: "string", default: "10000" }, rounds: { type: "string", default: "8" } },
});
const TASK = 250;

async function main() {
  const { storedRegulations, qstTariffsOf } = await import("../server/regulations/store");
  const { workerFile } = await import("../server/workers/worker-file");
  const { mergedVersions, regulationKey, versionsFor } = await import("../server/results/recalculate");
  const { newId } = await import("../server/ids");
  const { syntheticCompanyHistory, syntheticEmployeeText } = await import("../server/results/synthetic-payroll");
  const { closeDb } = await import("../server/db/client");
  const regulations = await storedRegulations();
  const calculateSlice = (
    (await import(pathToFileURL(await workerFile("recalc")).href)) as {
      default: typeof import("../server/results/recalc-worker").default;
    }
  ).default;
  const open = { id: newId(), periodStart: "2026-01-01", periodEnd: "2026-01-31", status: "open" as const };
  const versions = versionsFor(regulations, { countryRegulation: "CH", industries: [] }, open.periodStart);
  const key = regulationKey(versions);
  const regulation = mergedVersions(versions);
  const company = syntheticCompanyHistory(open.periodStart);
  const qst = qstTariffsOf(regulations);
  const employees = Number(args.employees);
  const tasks = Array.from({ length: Math.ceil(employees / TASK) }, (_, t) => ({
    chain: [open],
    openId: open.id,
    keys: { [open.id]: key },
    regulations: { [key]: regulation },
    qstKey: qst.key,
    qst: qst.files,
    company,
    usesCostCenters: false,
    constants: "\t\\N",
    employees: Array.from({ length: Math.min(TASK, employees - t * TASK) }, (_, i) => ({
      id: newId(),
      values: syntheticEmployeeText(t * TASK + i, open.periodStart),
      booked: [],
    })),
  }));
  for (let round = 1; round <= Number(args.rounds); round++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    let bytes = 0;
    for (const task of tasks) {
      const result = calculateSlice(task);
      if (result.missing) throw new Error("The regulation was not kept.");
      bytes += result.rows.byteLength;
    }
    const used = process.cpuUsage(cpu);
    console.log(
      `round ${round}: ${(((performance.now() - start) * 1000) / employees).toFixed(1)} µs per employee (CPU ${((used.user + used.system) / employees).toFixed(1)} µs), ${(bytes / employees).toFixed(0)} bytes of COPY text each`,
    );
  }
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

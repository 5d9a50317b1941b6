/**
 * bench/pain001 (run by hand): npm run bench:pain001 [-- --sizes 1000,10000,50000 --runs 3]
 * or: npx tsx --conditions=react-server bench/pain001.ts
 *
 * The pain.001.001.09.ch.03 builder alone (server/payouts/pain001): one file of N salary payments,
 * a third of them with names that need transliteration, over two execution dates. Each size runs in
 * a fresh child process, so that its peak memory is its own: peak RSS is the kernel's high-water mark
 * of that process (ru_maxrss), heap is V8's heap size right after the last build (V8 does not give
 * the heap back during a synchronous build, so it bounds the peak of the heap used). Time is the
 * wall time of buildPain001() after one warm-up build, median and fastest of `runs`, and the CPU
 * time (user + system) of the process during the build, median: on a machine shared by many
 * processes the wall time mostly measures the wait for a core. Building the input is not timed.
 * Target: under 0.5 s for 10,000 payments.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import { composeIBAN } from "ibantools";
import { type Pain001Input, type Pain001Payment, buildPain001 } from "../server/payouts/pain001";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    sizes: { type: "string", default: "1000,10000,50000" },
    runs: { type: "string", default: "3" },
    child: { type: "string" },
  },
});

const NAMES = [
  "Anna Muster",
  "Jürg Müller-Lüdenscheid",
  "Łukasz Żółć",
  "Søren Ørsted",
  "Ada 😀 Lovelace",
  `O'Brien & <Partner>`,
  "王小明",
  "Zoë Δημήτρης",
];

function input(count: number): Pain001Input {
  const payments: Pain001Payment[] = [];
  for (let n = 0; n < count; n++) {
    payments.push({
      executionDate: n % 4 === 0 ? "2026-11-26" : "2026-11-25",
      endToEndId: `P 20261125 ${n.toString(36).padStart(8, "0")}`,
      amount: 350_000 + ((n * 7_919) % 900_000),
      currency: "CHF",
      creditor: {
        name: `${NAMES[n % NAMES.length]} ${n}`,
        address: {
          street: n % 3 === 0 ? "Rue du Marché" : "Bahnhofstrasse",
          buildingNumber: String(1 + (n % 200)),
          postCode: String(1000 + (n % 8000)),
          town: n % 2 ? "Zürich" : "Genève",
          country: "CH",
        },
      },
      creditorIban: composeIBAN({ countryCode: "CH", bban: `00762${String(n).padStart(12, "0")}` })!,
      remittance: "Lohn November 2026",
    });
  }
  return {
    messageId: "P20261125 bench",
    createdAt: "2026-11-23T08:00:00Z",
    initiatingParty: { name: "Bench AG", software: { name: "Swiss Payroll", version: "bench" } },
    debtor: {
      name: "Bench AG",
      address: { street: "Bahnhofstrasse", buildingNumber: "1", postCode: "8001", town: "Zürich", country: "CH" },
      iban: "CH9300762011623852957",
    },
    payments,
  };
}

function child(count: number, runs: number) {
  const rssBefore = process.resourceUsage().maxRSS;
  const data = input(count);
  buildPain001(input(Math.min(count, 1000))); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const file = buildPain001(data);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    bytes = file.bytes.length;
  }
  const heap = getHeapStatistics().total_heap_size;
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  process.stdout.write(
    JSON.stringify({
      count,
      median: times[Math.floor(times.length / 2)],
      fastest: times[0],
      cpu: cpuTimes[Math.floor(cpuTimes.length / 2)],
      bytes,
      peakRssKb: process.resourceUsage().maxRSS,
      rssBeforeKb: rssBefore,
      heap,
    }),
  );
}

function main() {
  if (args.child) return child(Number(args.child), Number(args.runs));
  console.log(
    `pain.001.001.09.ch.03 builder, node ${process.version}, ${args.runs} runs per size after a warm-up, each size in its own process`,
  );
  for (const size of args.sizes.split(",").map(Number)) {
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1]!, "--child", String(size), "--runs", args.runs],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    if (run.status !== 0) throw new Error(`child for ${size} failed: ${run.stderr}`);
    const r = JSON.parse(run.stdout) as {
      count: number;
      median: number;
      fastest: number;
      cpu: number;
      bytes: number;
      peakRssKb: number;
      rssBeforeKb: number;
      heap: number;
    };
    console.log(
      `${String(r.count).padStart(6)} payments: wall median ${(r.median / 1000).toFixed(3)} s, fastest ${(r.fastest / 1000).toFixed(3)} s, CPU median ${(r.cpu / 1000).toFixed(3)} s, ` +
        `${Math.round(r.count / (r.median / 1000))} payments/s, file ${(r.bytes / 1024 / 1024).toFixed(1)} MB; ` +
        `peak RSS ${(r.peakRssKb / 1024).toFixed(0)} MB (process start ${(r.rssBeforeKb / 1024).toFixed(0)} MB), V8 heap ${(r.heap / 1024 / 1024).toFixed(0)} MB`,
    );
  }
}

main();

#!/usr/bin/env node
/**
 * npm test: runs every vitest project (unit, api, e2e) and ends with the plain line
 * `N passed, N failed, N skipped` that CI reads. Extra arguments go to vitest
 * (e.g. `npm test -- --project api`). Exits non-zero on any failure.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(os.tmpdir(), "payroll-tests-"));
const report = path.join(dir, "report.json");
const args = [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const started = Date.now();
// Every answer of a documented route is recorded here; the contract project checks them against the OpenAPI document.
const record = path.join(dir, "responses.jsonl");
const run = spawnSync("npx", args, {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", API_RESPONSE_RECORD: record },
});

let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
try {
  const result = JSON.parse(readFileSync(report, "utf8"));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  skipped = result.numPendingTests + result.numTodoTests;
  // A file that fails to load has no failed tests of its own but must still count.
  const brokenFiles = result.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.every((t) => t.status !== "failed"),
  ).length;
  failed += brokenFiles;
  for (const file of result.testResults) {
    const name = path.relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((t) => t.status === "failed");
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${name}: ${firstLine(file.message)}`);
    for (const t of failedTests) failures.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
} catch {
  failed = Math.max(1, failed);
}
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0 && failed === 0) failed = 1;
// Repeated at the end so that a failure is found in a long log without scrolling back.
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\nTest time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);

function firstLine(text) {
  const line =
    String(text ?? "")
      .split("\n")
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? "";
  // vitest's JSON report keeps no message for a timeout (its stack was captured where the test was declared).
  return line === "Error: STACK_TRACE_ERROR" ? "timed out, or failed without a message (see the log above)" : line;
}

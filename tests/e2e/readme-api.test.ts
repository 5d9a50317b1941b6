import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

/**
 * The README's "Using the API" runs as written: its shell block, taken from README.md, run with
 * bash (errexit, pipefail) against the running service, BASE pointing at it and the system-user
 * command working on the service's database. Any failing command fails the test.
 */
const baseUrl = inject("e2eBaseUrl");
const root = path.resolve(import.meta.dirname, "../..");

function usingTheApiBlock() {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Using the API"));
  const block = /```sh\n([\s\S]*?)\n```/.exec(section.slice(0, section.indexOf("\n## ", 1)));
  return block?.[1] ?? "";
}

describe("the README's Using the API", () => {
  it("runs as written, each command taking its ids from the previous answers", async () => {
    const block = usingTheApiBlock();
    expect(block).toContain("BASE=${BASE:-http://localhost:3000}");
    expect(block).not.toMatch(
      /\.\.\.|<[a-z-]+>|\$\{?(?!BASE|CREDENTIALS|CLIENT_ID|CLIENT_SECRET|TOKEN|ORG|PAYROLL_ANSWER|PAYROLL|DIVISION|EMPLOYEE)[A-Z_]+/,
    );

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of ["DATABASE_URL", "PGLITE_DATA_DIR", "PGLITE_TEMPLATE"]) delete env[key];
    Object.assign(env, inject("e2eDatabaseEnv"), { PUBLIC_URL: baseUrl, BASE: baseUrl });
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn("bash", ["-euo", "pipefail", "-c", `set -x\n${block}`], {
        cwd: root,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.code, `${result.stderr.slice(-4000)}\n${result.stdout.slice(-4000)}`).toBe(0);

    // The answers it printed: two case changes, the missing data, Payroll Control and a person's token.
    const answers = result.stdout
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.map((a) => Object.keys(a).slice(0, 2).join(","))).toEqual([
      expect.stringContaining("id"),
      expect.stringContaining("id"),
      expect.stringContaining("valueDate"),
      expect.stringContaining("items"),
      expect.stringContaining("access_token"),
    ]);
    expect(answers[0]).toMatchObject({ caseName: "Employment" });
    expect(answers[1]).toMatchObject({ caseName: "Salary" });
  }, 120_000);
});

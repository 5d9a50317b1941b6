import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { systemUserCommand } from "./tenant";

/**
 * The integration guide is a test: the ```ts blocks of docs/integration.md, in order, are one
 * program. It is type-checked against the typed client (client/) and run with tsx against the
 * running service, with a system user made beside it; a failing sample fails here, naming its
 * step. The time the whole guide takes is printed (the figure for a new integrator).
 */
const baseUrl = inject("e2eBaseUrl");
const root = path.resolve(import.meta.dirname, "../..");
const STEP = "::guide-step ";

function guideProgram(markdown: string) {
  const blocks = [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => ({ at: m.index, title: m[1]! }));
  const titles = [...markdown.matchAll(/^```ts\n/gm)].map(
    (m) => headings.filter((h) => h.at < m.index).at(-1)?.title ?? "(before the first heading)",
  );
  // Imports stay first; every block announces its step so that a failure names it.
  const program = blocks
    .map((block, i) => `console.log(${JSON.stringify(`${STEP}${i + 1} ${titles[i]}`)});\n${block}`)
    .join("\n");
  const imports = program.split("\n").filter((line) => /^import /.test(line));
  return {
    blocks,
    titles,
    source: [...imports, ...program.split("\n").filter((line) => !/^import /.test(line))].join("\n"),
  };
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("docs/integration.md", () => {
  it("its TypeScript samples, run in order as one program, take a new tenant to a closed month with documents and verified webhooks", async () => {
    const guide = guideProgram(readFileSync(path.join(root, "docs/integration.md"), "utf8"));
    expect(guide.blocks.length).toBeGreaterThanOrEqual(12);
    for (const step of [
      "token",
      "tenant",
      "payroll",
      "regulations",
      "employees",
      "cases",
      "missing data",
      "payroll control",
      "payouts",
      "close",
      "documents",
      "webhooks",
    ]) {
      expect(
        guide.titles.some((t) => t.toLowerCase().includes(step)),
        step,
      ).toBe(true);
    }

    const file = path.join(root, `.integration-guide-${randomBytes(4).toString("hex")}.mts`);
    writeFileSync(file, guide.source);
    try {
      // The samples compile against the generated types (a renamed field or path fails here).
      const typecheck = spawnSync(
        process.execPath,
        [
          path.join(root, "node_modules/typescript/bin/tsc"),
          "--noEmit",
          "--strict",
          "--noUncheckedIndexedAccess",
          "--target",
          "es2022",
          "--module",
          "esnext",
          "--moduleResolution",
          "bundler",
          "--skipLibCheck",
          "--types",
          "node",
          "--lib",
          "es2022,dom",
          file,
        ],
        { cwd: root, encoding: "utf8" },
      );
      expect(typecheck.status, `the guide's samples do not type-check:\n${typecheck.stdout}${typecheck.stderr}`).toBe(
        0,
      );

      const credentials = systemUserCommand("Integration guide");
      const env = {
        ...process.env,
        PAYROLL_URL: baseUrl,
        PAYROLL_CLIENT_ID: credentials.clientId,
        PAYROLL_CLIENT_SECRET: credentials.clientSecret,
      };
      const started = Date.now();
      const result = await run(
        process.execPath,
        [path.join(root, "node_modules/tsx/dist/cli.mjs"), file],
        env,
        150_000,
      );
      const seconds = (Date.now() - started) / 1000;
      const lastStep =
        result.output
          .split("\n")
          .filter((line) => line.startsWith(STEP))
          .at(-1)
          ?.slice(STEP.length) ?? "(none)";
      expect(result.code, `the guide failed in step ${lastStep}:\n${result.output.slice(-6000)}`).toBe(0);
      expect(lastStep).toMatch(/^\d+ 13\. Webhooks$/);
      expect(result.output).toMatch(/^closed 2026-01-01 to 2026-01-31: closed$/m);
      expect(result.output).toMatch(/^received: .*WebhookPayloadPayrunPeriodClosed/m);
      if (process.env.E2E_VERBOSE) console.log(result.output);
      console.log(
        `[guide] ${guide.blocks.length} samples ran in ${seconds.toFixed(1)} s (tsx start included) against ${baseUrl}`,
      );
    } finally {
      rmSync(file, { force: true });
    }
  }, 240_000);
});

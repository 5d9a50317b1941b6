import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/docs/openapi";

/**
 * The OpenAPI document passes a standard linter (Redocly CLI with its recommended rules), so that
 * generators and renderers can use it as it is: no unresolved $ref, a 4xx for every operation.
 */
describe("the OpenAPI document", () => {
  it("passes redocly lint (recommended rules) without errors or warnings", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(openApiDocument()));
      const run = spawnSync(
        process.execPath,
        [path.resolve("node_modules/@redocly/cli/bin/cli.js"), "lint", file, "--format=json"],
        {
          encoding: "utf8",
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
          timeout: 60_000,
        },
      );
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

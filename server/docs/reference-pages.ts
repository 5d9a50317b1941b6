import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { problemsOf } from "../http/common-problems";
import { allOperations } from "./all-operations";
import { operationIdOf } from "./openapi";

/**
 * The API reference served by the service itself (/docs/api): Redoc's standalone bundle from the
 * redoc package, rendering /api/openapi.json in the browser, with nothing loaded from elsewhere;
 * and the list of problem codes (/docs/api/problems) that every problem's `type` points into.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const shell = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>${head}</head><body>${body}</body></html>`;

export function referencePage(): string {
  const options = {
    disableSearch: true,
    expandResponses: "200,201,202",
    hideHostname: true,
    jsonSampleExpandLevel: 2,
    pathInMiddlePanel: true,
    sortTagsAlphabetically: false,
  };
  return shell(
    "Swiss payroll platform API reference",
    `<style>body{margin:0;font-family:system-ui,sans-serif}.top{padding:.5rem 1rem;border-bottom:1px solid #e2e8f0;font-size:.85rem}.top a{color:#0369a1;margin-right:1rem}</style>`,
    `<nav class="top"><a href="/docs/api/problems">Problem codes</a><a href="/api/openapi.json">openapi.json</a></nav>
<div id="redoc"></div>
<script src="/docs/api/redoc.standalone.js"></script>
<script>Redoc.init("/api/openapi.json", ${JSON.stringify(options)}, document.getElementById("redoc"));</script>`,
  );
}

/** The one address the bundle loads from elsewhere: the "API docs by Redocly" footer's logo, left out (its onError hides it). */
const REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

let bundle: string | undefined;
export function redocBundle(): string {
  bundle ??= readFileSync(
    path.join(process.cwd(), "node_modules/redoc/bundles/redoc.standalone.js"),
    "utf8",
  ).replaceAll(REDOCLY_LOGO, "");
  return bundle;
}

/** Every problem code with its statuses and the operations that answer it; the English meaning from the console's catalog. */
export function problemCodes(): {
  code: string;
  statuses: number[];
  operations: { method: string; path: string; operationId: string }[];
}[] {
  const codes = new Map<
    string,
    { statuses: Set<number>; operations: { method: string; path: string; operationId: string }[] }
  >();
  for (const op of allOperations) {
    for (const [status, list] of problemsOf(op)) {
      for (const code of list) {
        const entry = codes.get(code) ?? { statuses: new Set<number>(), operations: [] };
        entry.statuses.add(status);
        if (!entry.operations.some((o) => o.method === op.method && o.path === op.path))
          entry.operations.push({ method: op.method, path: op.path, operationId: operationIdOf(op) });
        codes.set(code, entry);
      }
    }
  }
  return [...codes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, entry]) => ({ code, statuses: [...entry.statuses].sort(), operations: entry.operations }));
}

export function problemsPage(meaningOf: (code: string) => string | undefined): string {
  const rows = problemCodes()
    .map(({ code, statuses, operations }) => {
      const meaning = meaningOf(code);
      const ops = operations
        .map(
          (o) =>
            `<li><a href="/docs/api#operation/${encodeURIComponent(o.operationId)}"><code>${o.method} ${escapeHtml(o.path)}</code></a></li>`,
        )
        .join("");
      return `<section id="${escapeHtml(code)}"><h2><code>${escapeHtml(code)}</code> <small>${statuses.join(", ")}</small></h2>${meaning ? `<p>The console tells people: “${escapeHtml(meaning)}”</p>` : ""}<details><summary>${operations.length} operation${operations.length === 1 ? "" : "s"}</summary><ul>${ops}</ul></details></section>`;
    })
    .join("\n");
  return shell(
    "Problem codes · Swiss payroll platform API",
    `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#0f172a}h2{font-size:1rem;margin:1.5rem 0 .25rem}small{color:#64748b;font-weight:400}section:target{background:#fef9c3;padding:.25rem .5rem;border-radius:6px}a{color:#0369a1}</style>`,
    `<p><a href="/docs/api">API reference</a></p><h1>Problem codes</h1>
<p>Every error is an RFC 9457 problem (<code>application/problem+json</code>) with a stable <code>code</code>; its <code>type</code> links here. <code>detail</code> is English text for people and may change; act on <code>status</code> and <code>code</code>, and for 422 on <code>errors[].path</code>.</p>
${rows}`,
  );
}

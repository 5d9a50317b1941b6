/**
 * npm run docs:examples -- <record.jsonl>: picks the OpenAPI document's examples from real answers.
 * Record them with `API_EXAMPLE_RECORD=/tmp/examples.jsonl npx vitest run --project api` (the test
 * hooks append each successful JSON answer of the route wrapper with its request body), then run this script. Per
 * operation and status it keeps the first answer whose texts read like data (no control characters,
 * emoji or fuzz), masks secrets, shortens lists to two items and long texts, and writes server/docs/examples.json.
 * tests/unit/openapi-examples.test.ts checks every example against the operation's schemas.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Recorded = { method: string; path: string; status: number; request: unknown; response: unknown };

/** Letters, digits, spaces, line breaks and ASCII punctuation: what data looks like, not what a fuzz test sends. */
const READABLE = /^[\p{L}\p{N}\p{Zs}\n\t.,;:'’"()\/@&+#%*=?!_\-–·<>[\]{}|\\$^~`]*$/u;

function readable(value: unknown): boolean {
  if (typeof value === "string") return READABLE.test(value) && !/fuzz/i.test(value);
  if (Array.isArray(value)) return value.every(readable);
  if (value && typeof value === "object")
    return Object.entries(value).every(([key, inner]) => readable(key) && readable(inner));
  return true;
}

function shorten(value: unknown): unknown {
  if (typeof value === "string")
    return value.length > 200 ? `${value.slice(0, /^eyJ/.test(value) ? 24 : 200)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 2).map(shorten);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shorten(inner)]));
  return value;
}

/**
 * A field whose name says it is a secret (client_secret, a webhook's secret) is shown as asterisks of
 * the same length, so that the example still passes its schema but publishes no credential of a test
 * run. secretHint is the secret's last 4 characters, which the API itself shows: it stays.
 */
const isSecretName = (key: string) => /secret/i.test(key) && !/hint$/i.test(key);

function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSecretName(key) && typeof inner === "string" ? "*".repeat(inner.length) : maskSecrets(inner),
      ]),
    );
  }
  return value;
}

/** A list answer with at least one item tells more than an empty one. */
const richness = (value: unknown): number =>
  value && typeof value === "object" && Array.isArray((value as { items?: unknown[] }).items)
    ? Math.min((value as { items: unknown[] }).items.length, 2)
    : 1;

const file = process.argv[2];
if (!file) throw new Error("usage: npm run docs:examples -- <record.jsonl>");
const chosen = new Map<string, Recorded>();
for (const line of readFileSync(file, "utf8").split("\n")) {
  if (!line) continue;
  const answer = JSON.parse(line) as Recorded;
  if (answer.path === "/openapi.json" || !readable(answer.request) || !readable(answer.response)) continue;
  const key = `${answer.method} ${answer.path} ${answer.status}`;
  const known = chosen.get(key);
  if (!known || richness(answer.response) > richness(known.response)) chosen.set(key, answer);
}
const examples: Record<string, { request?: unknown; responses: Record<string, unknown> }> = {};
for (const answer of [...chosen.values()].sort((a, b) =>
  `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
)) {
  const entry = (examples[`${answer.method} ${answer.path}`] ??= { responses: {} });
  if (answer.request !== null && entry.request === undefined) entry.request = shorten(maskSecrets(answer.request));
  entry.responses[String(answer.status)] = shorten(maskSecrets(answer.response));
}
const out = path.resolve(import.meta.dirname, "../server/docs/examples.json");
writeFileSync(out, `${JSON.stringify(examples, null, 2)}\n`);
console.log(`Wrote ${Object.keys(examples).length} operations' examples to ${path.relative(process.cwd(), out)}`);

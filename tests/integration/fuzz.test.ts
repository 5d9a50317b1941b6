import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceIssuer } from "@/server/auth/system-users";
import { allOperations } from "@/server/docs/all-operations";
import { openApiDocument } from "@/server/docs/openapi";
import { api, call, type ApiResponse } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { memberOf, personToken, tenantFixture, unique } from "../fixtures/factories";
import {
  exampleOf,
  fieldsOf,
  formatStrings,
  hostileAuthorizations,
  hostileBodies,
  hostileCookies,
  hostileIdempotencyKeys,
  hostileIfMatch,
  hostileNonStrings,
  hostileQueryValues,
  hostileSegments,
  hostileStrings,
  type JsonSchema,
  pathLabel,
  primaryType,
  prng,
  raw,
  seedFromEnv,
  toJsonText,
  withField,
  withoutField,
  wrongTypes,
} from "../fixtures/fuzz";

/**
 * The generated fuzz suite: every operation of the OpenAPI document, called by valid callers on
 * real objects, with malformed and hostile values in the body, the query, the path ids and the
 * headers. The service may refuse any of it, but only with a 4xx in problem+json carrying `code`
 * and `status`; a 5xx, a thrown handler or a 4xx in another shape fails the operation's test.
 *
 * Seeded: FUZZ_SEED=<n> replays a run, FUZZ_SEED=random explores (the seed is printed either way).
 * FUZZ_REPORT=<file> writes every failure (with the logged error and its database cause), odd
 * answers to valid requests and the time per operation as JSON.
 */
const SEED = seedFromEnv(20_261_123);
const rnd = prng(SEED);
const MIN_REQUESTS = 3_000;

const doc = openApiDocument() as unknown as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters: { name: string; in: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        description: string;
      }
    >
  >;
};
type DocOp = {
  method: string;
  template: string;
  parameters: { name: string; in: string; schema: JsonSchema }[];
  bodySchema: JsonSchema | null;
  idempotent: boolean;
};
const operations: DocOp[] = Object.entries(doc.paths).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    template,
    parameters: op.parameters,
    bodySchema: op.requestBody?.content["application/json"]?.schema ?? null,
    idempotent: op.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key"),
  })),
);
const allowOf = (op: DocOp) => allOperations.find((o) => o.method === op.method && o.path === op.template)!.allow;

/** Operations that change what the others run on go last, in this order. */
const PERIOD = "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}";
const LATE = [
  // Payouts lock what they pay: after everything that changes the open period's figures.
  `POST ${PERIOD}/payouts`,
  `GET ${PERIOD}/payouts`,
  `GET ${PERIOD}/payouts/{payoutId}`,
  `GET ${PERIOD}/payouts/{payoutId}/document`,
  `POST ${PERIOD}/payouts/{payoutId}/processed`,
  `POST ${PERIOD}/payouts/{payoutId}`,
  "PUT /tenants/{orgId}/payrolls/{payrollId}/regulations",
  "POST /user_membership_invitations/{invitationId}",
  "DELETE /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}",
  "DELETE /tenants/{orgId}/user_memberships/invitations/{invitationId}",
  "DELETE /tenants/{orgId}/user_memberships/{userMembershipId}",
  "POST /tenants/{orgId}/payrolls/{payrollId}/rebase",
  "POST /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close",
];
const keyOf = (op: { method: string; template: string }) => `${op.method} ${op.template}`;
const ordered = [
  ...operations.filter((op) => !LATE.includes(keyOf(op))),
  ...LATE.map((k) => operations.find((op) => keyOf(op) === k)!).filter(Boolean),
];

// ---------------------------------------------------------------------------------------------
// The world the requests run on: real objects made through the API.

type World = {
  ids: Record<string, string>;
  /** A second tenant with an empty payroll: rebase and close run there. */
  scratch: Record<string, string>;
  /** A tenant without a payroll, for creating payrolls. */
  spare: Record<string, string>;
  tokens: { system: string; admin: string; selfService: string; invitee: string; scratch: string; spare: string };
  accounts: string[];
  credentials: { clientId: string; clientSecret: string };
  employeeCaseBodies: unknown[];
  /** Every case field of the payroll's regulations, for values of every type to every field. */
  caseFields: { caseName: string; field: string; valueType: string; employee: boolean }[];
};
let world: World;

/** Something for a request: method, path with ids, raw query, headers (null removes one), raw body. */
type Probe = {
  kind: string;
  /** Another method than the operation's (methods the path does not have). */
  method?: string;
  caller: keyof World["tokens"] | "anonymous";
  segments?: Record<string, string>;
  query?: string;
  headers?: Record<string, string | null>;
  body?: { text: string; contentType: string | null } | null;
  /** This path id (a valid one) in upper case. */
  upperCase?: string;
};
type Outcome = { op: string; kind: string; path: string; status: number | "threw"; excerpt: string; log: string };

const histogram = new Map<string, number>();
const failures: Outcome[] = [];
let requests = 0;
let started = 0;
let cpuAtStart: NodeJS.CpuUsage;

const errorLog: string[] = [];
const proxyModules = import.meta.glob<{
  proxy?: (request: Request) => Promise<Response | undefined> | Response | undefined;
  default?: unknown;
}>("../../proxy.ts");

/** Sends one request the way Next would: through proxy.ts when there is one, then the route handler. */
async function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<ApiResponse> {
  const load = Object.values(proxyModules)[0];
  if (load) {
    const { NextRequest } = await import("next/server");
    const proxy = (await load()).proxy;
    const response = proxy
      ? await proxy(new NextRequest(new URL(url, "http://localhost:3000"), { method, headers, body }))
      : undefined;
    if (response && !response.headers.has("x-middleware-next")) {
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = bytes.toString("utf8");
      return {
        status: response.status,
        headers: response.headers,
        text,
        bytes,
        body: /json/.test(response.headers.get("content-type") ?? "") && text ? JSON.parse(text) : text,
      };
    }
  }
  return call(method, url, { headers, rawBody: body });
}

function problemShapeError(response: ApiResponse): string | null {
  if (response.status < 400) return null;
  if (response.status >= 500) return "5xx";
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("application/problem+json")) return `4xx as "${type}"`;
  const body = response.body as { code?: unknown; status?: unknown } | null;
  if (!body || typeof body !== "object") return "4xx problem without an object body";
  if (typeof body.code !== "string" || !body.code) return "4xx problem without code";
  if (body.status !== response.status) return `4xx problem with status ${String(body.status)}`;
  return null;
}

const opFailures = new Map<string, Outcome[]>();
const timings: { op: string; requests: number; ms: number }[] = [];
const families = new Map<string, number>();
const familyMs = new Map<string, number>();
const notes: { op: string; kind: string; path: string; status: number; excerpt: string }[] = [];

async function run(op: DocOp, probe: Probe) {
  const opKey = keyOf(op);
  const ids = { ...idsFor(op), ...(probe.segments ?? {}) };
  const path = "/api" + op.template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "missing");
  const url = probe.query === undefined ? path : `${path}?${probe.query}`;
  const headers: Record<string, string> = {};
  if (probe.caller !== "anonymous") headers.authorization = `Bearer ${world.tokens[probe.caller]}`;
  const body = probe.body === undefined ? defaultBody(op) : probe.body;
  if (body?.contentType) headers["content-type"] = body.contentType;
  for (const [name, value] of Object.entries(probe.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  errorLog.length = 0;
  requests++;
  let outcome: Omit<Outcome, "op" | "kind" | "path" | "log"> | null = null;
  let response: ApiResponse | null = null;
  const sentAt = performance.now();
  try {
    response = await send(
      op.method,
      url,
      headers,
      op.method === "GET" || op.method === "DELETE" ? undefined : body?.text,
    );
    histogram.set(String(response.status), (histogram.get(String(response.status)) ?? 0) + 1);
    const family = `${probe.kind.split(" ")[0]} ${response.status}`;
    if (
      ((family.startsWith("valid") || family.startsWith("stored")) && response.status >= 300) ||
      (family.startsWith("path") && !probe.upperCase && response.status < 300)
    )
      notes.push({
        op: keyOf(op),
        kind: probe.kind,
        path: url.slice(0, 200),
        status: response.status,
        excerpt: response.text.slice(0, 200),
      });
    families.set(family, (families.get(family) ?? 0) + 1);
    familyMs.set(family, (familyMs.get(family) ?? 0) + performance.now() - sentAt);
    const problem = problemShapeError(response);
    if (problem) outcome = { status: response.status, excerpt: `${problem}: ${response.text.slice(0, 200)}` };
  } catch (error) {
    // The harness decodes path segments as Next's router does; where that fails, Next answers with
    // its own error page (not problem+json) unless proxy.ts refuses the request first.
    const undecodable = error instanceof URIError;
    histogram.set(
      undecodable ? "undecodable path" : "threw",
      (histogram.get(undecodable ? "undecodable path" : "threw") ?? 0) + 1,
    );
    outcome = undecodable
      ? {
          status: "threw",
          excerpt: "the path does not percent-decode: Next's router answers with its own error page, not problem+json",
        }
      : { status: "threw", excerpt: String((error as Error)?.stack ?? error).slice(0, 300) };
  }
  if (outcome) {
    const failure = {
      op: opKey,
      kind: probe.kind,
      path: url.length > 160 ? `${url.slice(0, 160)}...` : url,
      ...outcome,
      log: errorLog.join("\n").slice(0, 600),
    };
    failures.push(failure);
    (opFailures.get(opKey) ?? opFailures.set(opKey, []).get(opKey)!).push(failure);
  }
  return response;
}

// ---------------------------------------------------------------------------------------------
// Valid requests: ids for every path parameter and a body for every operation with one.

function idsFor(op: DocOp): Record<string, string> {
  if (/\/rebase$|\/close$/.test(op.template)) return world.scratch;
  if (op.template === "/tenants/{orgId}/payrolls/simple") return world.spare;
  return world.ids;
}

const validBodies: Record<string, () => unknown> = {
  "POST /dev/token": () => ({ email: `${unique("fuzz")}@example.test`, name: "Fuzz Person" }),
  "POST /oauth/token": () => ({
    grant_type: "client_credentials",
    client_id: world.credentials.clientId,
    client_secret: world.credentials.clientSecret,
  }),
  "PUT /users/{userId}": () => ({ culture: rnd.pick(["de-CH", "fr-CH", "en"]) }),
  "POST /tenants": () => ({ name: unique("Fuzz Tenant") }),
  "POST /tenants/{orgId}/user_memberships": () => ({
    userId: world.ids.otherUserId,
    role: "Manager",
    payrollIds: [world.ids.payrollId],
  }),
  "PUT /tenants/{orgId}/user_memberships/{userMembershipId}": () => ({
    role: "Manager",
    payrollIds: [world.ids.payrollId],
    employeeId: null,
  }),
  "POST /tenants/{orgId}/user_memberships/invite": () => ({
    email: `${unique("invitee")}@example.test`,
    role: "SelfService",
    employeeId: world.ids.employeeId,
  }),
  "POST /tenants/{orgId}/payrolls/simple": () => ({
    name: unique("Fuzz Payroll"),
    accountingStartDate: "2026-01-01",
    documentLanguage: "de",
    countryRegulation: "CH",
  }),
  "PUT /tenants/{orgId}/payrolls/{payrollId}": () => ({
    name: unique("Firma AG"),
    documentLanguage: rnd.pick(["de", "fr", "it", "en"]),
  }),
  "POST /tenants/{orgId}/payrolls/{payrollId}/rebase": () => ({ accountingStartDate: nextRebaseDate(), confirm: true }),
  "PUT /tenants/{orgId}/payrolls/{payrollId}/regulations": () => ({
    countryRegulation: "CH",
    industries: [],
    accountingDocument: rnd.pick(["AccountingJournalStandard", "AccountingJournalByCostCenter"]),
    accountingData: "ChartOfAccountsKmu",
  }),
  "POST /tenants/{orgId}/employees": () => ({
    identifier: unique("F"),
    firstName: "Fuzz",
    lastName: "Tester",
    divisionId: world.ids.divisionId,
  }),
  "PUT /tenants/{orgId}/employees/{employeeId}": () => ({ firstName: "Anna", lastName: "Muster" }),
  "POST /tenants/{orgId}/payrolls/{payrollId}/cases": () => rnd.pick(world.employeeCaseBodies),
  "POST /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values": () => ({
    key: unique("KST"),
    value: "Fuzz cost center",
    displayName: { de: "Fuzz", en: "Fuzz" },
    payrollId: world.ids.payrollId,
  }),
  "PUT /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}": () => ({
    value: unique("Renamed"),
    displayName: { fr: "Fuzz" },
  }),
  "PUT /tenants/{orgId}/payrolls/{payrollId}/wagetypes/{wageTypeNumber}/accounts": () => ({
    debitAccountId: world.accounts[0],
    creditAccountId: world.accounts[1],
  }),
  [`POST ${PERIOD}/payouts`]: () => ({
    employeeIds: [world.ids.employeeId],
    amounts: { [world.ids.employeeId!]: "10.00" },
  }),
};

/** A rebase must move the start later: each valid rebase moves it one month on. */
let rebaseMonths = 0;
function nextRebaseDate() {
  rebaseMonths++;
  const year = 2026 + Math.floor(rebaseMonths / 12);
  return `${year}-${String((rebaseMonths % 12) + 1).padStart(2, "0")}-01`;
}

function validBody(op: DocOp): unknown {
  const make = validBodies[keyOf(op)];
  return make ? make() : op.bodySchema ? exampleOf(op.bodySchema, { uuid: world.ids.employeeId! }) : undefined;
}
function defaultBody(op: DocOp): Probe["body"] {
  const value = validBody(op);
  return value === undefined ? null : { text: toJsonText(value), contentType: "application/json" };
}
const jsonBody = (value: unknown): Probe["body"] => ({ text: toJsonText(value), contentType: "application/json" });

function callersOf(op: DocOp): Probe["caller"][] {
  const allow = allowOf(op);
  if (op.template.startsWith("/user_membership_invitations")) return ["invitee", "admin"];
  if (allow === "person") return ["admin"];
  if (allow === "tenant.create") return ["system"];
  if (/\/rebase$|\/close$/.test(op.template)) return ["scratch"];
  if (op.template === "/tenants/{orgId}/payrolls/simple") return ["spare"];
  if (allow === "public") return ["anonymous", "system", "admin"];
  return ["system", "admin"];
}

// ---------------------------------------------------------------------------------------------
// The probes of one operation.

/** The named entries always (those the issue names), then `n` more drawn by the seed. */
function sampleOf<T>(record: Record<string, T>, n: number, always: string[] = []): [string, T][] {
  const core = always.filter((name) => name in record).map((name): [string, T] => [name, record[name]!]);
  return [
    ...core,
    ...rnd.sample(
      Object.entries(record).filter(([name]) => !always.includes(name)),
      n,
    ),
  ];
}
const ALWAYS_STRINGS = [
  "nul-inside",
  "cr-lf",
  "bidi-override",
  "emoji",
  "quotes",
  "lone-surrogate",
  "long-10k",
  "long-1mb",
];

function probesOf(op: DocOp, methodsOfPath: string[]): Probe[] {
  const callers = callersOf(op);
  const caller = () => rnd.pick(callers);
  const probes: Probe[] = [];
  for (const c of callers) probes.push({ kind: `valid as ${c}`, caller: c });
  if (allowOf(op) !== "public") probes.push({ kind: "anonymous", caller: "anonymous" });
  // Headers.
  for (const [name, value] of sampleOf(hostileAuthorizations(serviceIssuer()), 4, [
    "basic-bad-percent",
    "basic-nul",
    "basic-encoded-nul",
    "bearer-alg-none",
  ]))
    probes.push({ kind: `authorization ${name}`, caller: "anonymous", headers: { authorization: value } });
  // With a bearer token the cookies are not the caller; without one they are read.
  const cookies = sampleOf(hostileCookies, 3, ["bad-percent"]);
  probes.push({ kind: `cookie ${cookies[0]![0]} with token`, caller: caller(), headers: { cookie: cookies[0]![1] } });
  for (const [name, value] of cookies)
    probes.push({ kind: `cookie ${name}`, caller: "anonymous", headers: { cookie: value } });
  probes.push({
    kind: "headers garbage",
    caller: caller(),
    headers: {
      accept: "\u00ff/\u00fe;q=zz",
      "accept-language": "%zz,*;q=-1",
      "x-forwarded-for": "%zz, \u00ff",
      "x-forwarded-host": "evil.example",
      "x-http-method-override": "DELETE",
      origin: "null",
      "sec-fetch-site": "cross-site",
    },
  });
  // Methods the path does not have.
  if (op === firstOfPath.get(op.template)) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !methodsOfPath.includes(m))) {
      probes.push({ kind: `method ${method}`, method, caller: caller(), body: jsonBody({}) });
    }
  }
  // Path ids.
  const params = [...op.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  for (const param of params) {
    for (const [name, value] of sampleOf(hostileSegments, 5, ["bad-percent", "encoded-nul", "long-10k"]))
      probes.push({ kind: `path ${param} ${name}`, caller: caller(), segments: { [param]: value } });
    probes.push({ kind: `path ${param} unknown uuid`, caller: caller(), segments: { [param]: rnd.uuid() } });
    const other = rnd.pick(Object.values(world.ids).filter((v) => v !== idsFor(op)[param]));
    probes.push({ kind: `path ${param} id of another kind`, caller: caller(), segments: { [param]: other } });
    if (idsFor(op)[param]) probes.push({ kind: `path ${param} upper case`, caller: caller(), upperCase: param });
  }
  // Query.
  for (const parameter of op.parameters.filter((p) => p.in === "query")) {
    for (const [name, query] of sampleOf(hostileQueryValues(parameter.name, parameter.schema), 5, [
      "nul",
      "bad-percent",
      "bidi",
      "exponent",
      "negative",
      "hex",
      "garbage",
    ]))
      probes.push({ kind: `query ${parameter.name} ${name}`, caller: caller(), query });
  }
  probes.push({ kind: "query unknown and undecodable", caller: caller(), query: "zz=%zz&%C3%28=1&&=&limit=1e3" });
  // Body.
  if (op.bodySchema) {
    const valid = validBody(op);
    for (const [name, body] of sampleOf(hostileBodies(toJsonText(valid)), 12))
      probes.push({
        kind: `body ${name}`,
        caller: caller(),
        body: { text: body.body, contentType: body.contentType ?? null },
      });
    for (const { path, schema } of fieldsOf(op.bodySchema)) {
      const label = pathLabel(path);
      for (const [name, value] of Object.entries(wrongTypes(primaryType(schema))))
        probes.push({
          kind: `field ${label} type ${name}`,
          caller: caller(),
          body: jsonBody(withField(validBody(op), path, value)),
        });
      const isText = primaryType(schema) === "string";
      for (const [name, value] of Object.entries(formatStrings(schema, String(path[path.length - 1]))))
        probes.push({
          kind: `field ${label} ${name}`,
          caller: caller(),
          body: jsonBody(withField(validBody(op), path, value)),
        });
      for (const [name, value] of isText ? sampleOf(hostileStrings, 2, ALWAYS_STRINGS) : sampleOf(hostileStrings, 2))
        probes.push({
          kind: `field ${label} ${name}`,
          caller: caller(),
          body: jsonBody(withField(validBody(op), path, value)),
        });
      for (const [name, value] of sampleOf(hostileNonStrings, 2))
        probes.push({
          kind: `field ${label} ${name}`,
          caller: caller(),
          body: jsonBody(withField(validBody(op), path, value)),
        });
      probes.push({
        kind: `field ${label} missing`,
        caller: caller(),
        body: jsonBody(withoutField(validBody(op), path)),
      });
    }
    probes.push({
      kind: "body unknown fields",
      caller: caller(),
      body: jsonBody({ ...(valid as object), unknownField: "\u0000", ["\u202E"]: 1 }),
    });
  }
  if (keyOf(op) === "POST /tenants/{orgId}/payrolls/{payrollId}/cases") {
    // Every field of every case, with values of the wrong type, out of range or malformed for it;
    // most as a dry run (calculated, not saved); some saved for a second employee, so that later
    // reads and calculations meet what was accepted (the company and the first employee stay sound).
    for (const { caseName, field, valueType, employee } of world.caseFields) {
      for (const [name, value] of sampleOf(caseValues, 1, ["huge-digits", "feb-30", "float-max"])) {
        const save = employee && rnd.chance(0.25);
        const body = {
          caseName,
          employeeId: employee ? (save ? world.ids.junkEmployeeId : world.ids.employeeId) : null,
          values: [
            { caseFieldName: field, value, start: rnd.pick(["2026-01-01", "2026-01-15", "2025-12-01", "2026-12-31"]) },
          ],
        };
        probes.push({
          kind: `case ${caseName}.${field} (${valueType}) ${name}${save ? " saved" : ""}`,
          caller: caller(),
          body: jsonBody(body),
          query: save ? undefined : "dryRun=true",
        });
      }
    }
  }
  if (op.idempotent) {
    for (const [name, key] of Object.entries(hostileIdempotencyKeys))
      probes.push({ kind: `idempotency-key ${name}`, caller: caller(), headers: { "idempotency-key": key } });
    const key = unique("key");
    const c = caller();
    probes.push({ kind: "idempotency-key first use", caller: c, headers: { "idempotency-key": key } });
    probes.push({
      kind: "idempotency-key reused for another body",
      caller: c,
      headers: { "idempotency-key": key },
      body: jsonBody({ ...(validBody(op) as object), other: 1 }),
    });
    probes.push({
      kind: "idempotency-key with 10k nested body",
      caller: caller(),
      headers: { "idempotency-key": unique("key") },
      body: { text: hostileBodies("{}")["field-nested-10k"]!.body, contentType: "application/json" },
    });
    probes.push({
      kind: "idempotency-key with 10k nested array",
      caller: caller(),
      headers: { "idempotency-key": unique("key") },
      body: { text: hostileBodies("{}")["nested-array-10k"]!.body, contentType: "application/json" },
    });
  }
  if (op.method === "PUT") {
    for (const [name, value] of Object.entries(hostileIfMatch))
      probes.push({ kind: `if-match ${name}`, caller: caller(), headers: { "if-match": value } });
  }
  // A document's file is a PDF made on request: the valid calls read the file, the others its metadata.
  if (op.template.endsWith("{documentId}"))
    return probes.map((p) =>
      p.kind.startsWith("valid") || p.query !== undefined ? p : { ...p, query: "format=json" },
    );
  return probes;
}

const methodsByPath = new Map<string, string[]>();
const firstOfPath = new Map<string, DocOp>();
for (const op of ordered) {
  (methodsByPath.get(op.template) ?? methodsByPath.set(op.template, []).get(op.template)!).push(op.method);
  if (!firstOfPath.has(op.template)) firstOfPath.set(op.template, op);
}

/** Text a person may well type (no control characters): it must never break a read or a document. */
const storedTexts: Record<string, string> = {
  "emoji and quotes": `😀 O'Brien "the" \`x\` 🇨🇭`,
  "html and formula": '<b>&amp;</b> =HYPERLINK("http://evil.example","x") @SUM(1) +1 -1',
  "long text": "Ä".repeat(100),
};

/** Case values: every field gets some of these, whatever its type. */
const caseValues: Record<string, unknown> = {
  "huge-digits": "9".repeat(40),
  "feb-30": "2026-02-30",
  "float-max": 1.7976931348623157e308,
  "long-10k": "1".repeat(10_000),
  "negative-huge": "-99999999999999999999.99",
  "many-decimals": "0.000000000000000000001",
  exponent: "1e21",
  "number-exponent": raw("1e400"),
  "negative-zero": raw("-0"),
  zero: 0,
  "minus-one": -1,
  fraction: 0.5,
  "percent-over": "100.01",
  true: true,
  "false-text": "FALSE",
  empty: "",
  blank: "   ",
  nul: "\u0000",
  emoji: "😀",
  "date-year-0": "0000-01-01",
  "date-far": "9999-12-31",
  "date-time": "2026-01-01T00:00:00Z",
  "iban-like": "CH00 0000 0000 0000 0000 0",
  "ahv-like": "756.0000.0000.00",
  "lookup-unknown": "NO-SUCH-KEY",
  "canton-lower": "zh",
  "canton-unknown": "XX",
  "bfs-huge": "99999999999",
};

/** Entries and preview documents are made again when cases change: read their current ids. */
async function refreshResultIds(op: DocOp) {
  if (!/\{documentId\}|\{payrunPeriodEntryId\}/.test(op.template)) return;
  const base = `/api/tenants/${world.ids.orgId}/payrolls/${world.ids.payrollId}/payrunperiods/open`;
  const entries = await api.get(`${base}/entries`, { token: world.tokens.system });
  const documents = await api.get(`${base}/documents`, { token: world.tokens.system });
  world.ids.payrunPeriodEntryId = entries.body.items[0].id;
  world.ids.documentId = rnd.pick(documents.body.items as { id: string }[]).id;
}

/**
 * A path id the world has no object for (an operation added after this suite was written) is taken
 * from the list operation of the same path, so that new operations are fuzzed on a real object too.
 */
async function discoverIds(op: DocOp) {
  const ids = idsFor(op);
  for (const [, param] of op.template.matchAll(/\{(\w+)\}/g)) {
    if (ids[param!]) continue;
    const listTemplate = op.template.slice(0, op.template.indexOf(`/{${param}}`));
    const list = operations.find((o) => o.method === "GET" && o.template === listTemplate);
    if (!list) continue;
    const response = await api.get(
      "/api" + list.template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "missing"),
      { token: world.tokens[callersOf(list).find((c) => c !== "anonymous")!] },
    );
    const first = (response.body?.items ?? [])[0] as { id?: unknown } | undefined;
    if (typeof first?.id === "string") ids[param!] = first.id;
  }
}

/** Objects that a request may delete or use up are made fresh for each request that names them. */
async function freshSegments(op: DocOp, probe: Probe): Promise<Record<string, string>> {
  const named = (param: string) => op.template.includes(`{${param}}`) && !(probe.segments && param in probe.segments);
  const fresh: Record<string, string> = {};
  if (op.method === "DELETE" && named("lookupValueId")) {
    const created = await api.post(
      `/api/tenants/${world.ids.orgId}/regulations/CH/lookups/CostCenters/values`,
      { key: unique("DEL"), value: "To delete", payrollId: world.ids.payrollId },
      { token: world.tokens.system },
    );
    fresh.lookupValueId = created.body.id;
  }
  if (op.method === "DELETE" && named("userMembershipId")) {
    const person = await memberOf(world.ids.orgId!, "Manager", { payrollIds: [world.ids.payrollId!] });
    const userId = (await api.get("/api/users", { token: person.token })).body.id;
    const list = await api.get(`/api/tenants/${world.ids.orgId}/user_memberships?limit=500`, {
      token: world.tokens.system,
    });
    fresh.userMembershipId = list.body.items.find((m: { userId: string }) => m.userId === userId)!.id;
  }
  if (op.method === "DELETE" && named("invitationId")) {
    const created = await api.post(
      `/api/tenants/${world.ids.orgId}/user_memberships/invite`,
      { email: `${unique("del")}@example.test`, role: "Administrator" },
      { token: world.tokens.system },
    );
    fresh.invitationId = created.body.id;
  }
  return fresh;
}

// ---------------------------------------------------------------------------------------------

describe(`fuzz: every operation of the OpenAPI document with hostile input (seed ${SEED})`, () => {
  beforeAll(async () => {
    started = performance.now();
    cpuAtStart = process.cpuUsage();
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errorLog.push(args.map((a) => (a instanceof Error ? describeError(a) : String(a))).join(" "));
    });
    const { t, base, employee, post } = await example1();
    await post("EmployeeAddress", employee.id, {
      Street: "Bahnhofstrasse",
      HouseNumber: "1",
      PostalCode: "8001",
      City: "Zürich",
      Country: "CH",
    });
    // A company that can pay (payouts need its account and address).
    await post("CompanyAddress", null, {
      CompanyStreet: "Seestrasse",
      CompanyHouseNumber: "8",
      CompanyPostalCode: "8002",
      CompanyCity: "Zürich",
      CompanyCountry: "CH",
    });
    await post("CompanyBankAccount", null, { CompanyIban: "CH5604835012345678009", CompanyBankName: "Bank" });
    const admin = await memberOf(t.orgId, "Administrator");
    const selfService = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
    const other = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    // A person who shares a tenant with the system user but is not yet a member of this one.
    const side = (await api.post("/api/tenants", { name: unique("Side") }, { token: t.token })).body;
    const candidate = await memberOf(side.id, "Administrator");
    const candidateUser = (await api.get("/api/users", { token: candidate.token })).body;
    const adminUser = (await api.get("/api/users", { token: admin.token })).body;
    const otherUser = (await api.get("/api/users", { token: other.token })).body;
    const memberships = (await api.get(`/api/tenants/${t.orgId}/user_memberships?limit=500`, { token: t.token })).body
      .items as { id: string; userId: string }[];
    const membershipId = memberships.find((m) => m.userId === otherUser.id)!.id;
    const inviteeEmail = `${unique("invitee")}@example.test`;
    const invitation = (
      await api.post(
        `/api/tenants/${t.orgId}/user_memberships/invite`,
        { email: inviteeEmail, role: "Manager", payrollIds: [t.payroll.id] },
        { token: t.token },
      )
    ).body;
    const invitee = await personToken(inviteeEmail);
    const entries = (await api.get(`${base}/payrunperiods/open/entries`, { token: t.token })).body.items as {
      id: string;
    }[];
    const period = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
    const documents = (await api.get(`${base}/payrunperiods/open/documents`, { token: t.token })).body.items as {
      id: string;
    }[];
    const lookupValue = (
      await api.post(
        `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`,
        { key: "KST-1", value: "Zentrale", payrollId: t.payroll.id },
        { token: t.token },
      )
    ).body;
    await post("CostCenter", employee.id, { CostCenter: "KST-1" });
    const accounts = (await api.get(`${base}/lookups/values?lookupName=Accounts&limit=500`, { token: t.token })).body
      .items as { id: string }[];
    const junk = (
      await api.post(
        `/api/tenants/${t.orgId}/employees`,
        { identifier: unique("J"), firstName: "Junk", lastName: "Values", divisionId: t.payroll.divisionId },
        { token: t.token },
      )
    ).body;
    await post("Employment", junk.id, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
    await post("Salary", junk.id, { SalaryType: "monthly", MonthlySalary: "5000.00" });
    const caseFields: World["caseFields"] = [];
    for (const query of [`?employeeId=${employee.id}`, ""]) {
      const cases = (await api.get(`${base}/cases${query}`, { token: t.token })).body.items as {
        name: string;
        fields: { name: string; valueType: string }[];
      }[];
      for (const c of cases)
        for (const f of c.fields)
          caseFields.push({ caseName: c.name, field: f.name, valueType: f.valueType, employee: query !== "" });
    }
    const scratch = await tenantFixture();
    const spare = await tenantFixture({ withPayroll: false });
    for (const [what, value] of Object.entries({
      entries: entries[0],
      documents: documents[0],
      period: period?.id,
      invitation: invitation?.id,
      lookupValue: lookupValue?.id,
      accounts: accounts[1],
    })) {
      if (!value) throw new Error(`fuzz setup: no ${what}`);
    }
    const employeeCase = (
      caseName: string,
      values: Record<string, unknown>,
      employeeId: string | null = employee.id,
    ) => ({
      caseName,
      employeeId,
      reason: "Fuzz",
      values: Object.entries(values).map(([caseFieldName, value]) => ({
        caseFieldName,
        value,
        start: "2026-01-01",
        end: null,
      })),
    });
    world = {
      ids: {
        orgId: t.orgId,
        tenantId: t.orgId,
        payrollId: t.payroll.id,
        divisionId: t.payroll.divisionId,
        employeeId: employee.id,
        junkEmployeeId: junk.id,
        userId: adminUser.id,
        otherUserId: candidateUser.id,
        userMembershipId: membershipId,
        invitationId: invitation.id,
        payrunPeriodId: period.id,
        payrunPeriodEntryId: entries[0]!.id,
        documentId: documents[0]!.id,
        regulationId: "CH",
        lookupId: "CostCenters",
        lookupValueId: lookupValue.id,
        wageTypeNumber: "1000",
      },
      scratch: { orgId: scratch.orgId, tenantId: scratch.orgId, payrollId: scratch.payroll.id, payrunPeriodId: "open" },
      spare: { orgId: spare.orgId, tenantId: spare.orgId },
      tokens: {
        system: t.token,
        admin: admin.token,
        selfService: selfService.token,
        invitee: invitee.token,
        scratch: scratch.token,
        spare: spare.token,
      },
      accounts: accounts.map((a) => a.id),
      caseFields,
      credentials: { clientId: t.owner.clientId, clientSecret: t.owner.clientSecret },
      employeeCaseBodies: [
        employeeCase("EmployeeAddress", { Street: "Bahnhofstrasse", City: "Zürich" }),
        employeeCase("Salary", { SalaryType: "monthly", MonthlySalary: "6500.00" }),
        employeeCase("OneTimePayment", { BonusAmount: "100.00", BonusDescription: "Bonus" }),
        employeeCase("EmployeePersonalData", { BirthDate: "1986-05-10", Sex: "female", AhvNumber: "756.9217.0769.85" }),
        employeeCase(
          "CompanyAddress",
          { CompanyStreet: "Seestrasse", CompanyPostalCode: "8001", CompanyCity: "Zürich" },
          null,
        ),
      ],
    };
  }, 120_000);

  afterAll(() => {
    vi.restoreAllMocks();
    // FUZZ_REPORT=<file> keeps every failure, odd answers to valid requests and the time per operation.
    const report = {
      seed: SEED,
      requests,
      histogram: Object.fromEntries(histogram),
      families: Object.fromEntries(families),
      familyMs: Object.fromEntries([...familyMs].map(([k, v]) => [k, Math.round(v)])),
      notes,
      timings,
      failures,
    };
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 1));
  });

  const fuzzOperation = (op: DocOp) =>
    it(`${op.method} ${op.template}`, async () => {
      const opStarted = performance.now();
      const before = requests;
      await refreshResultIds(op);
      await discoverIds(op);
      const probes = probesOf(op, methodsByPath.get(op.template)!);
      for (const probe of probes) {
        const target = probe.method ? { ...op, method: probe.method } : op;
        const segments = { ...(await freshSegments(target, probe)), ...probe.segments };
        if (probe.upperCase)
          segments[probe.upperCase] = (segments[probe.upperCase] ?? idsFor(op)[probe.upperCase]!).toUpperCase();
        const response = await run(target, { ...probe, segments });
        // A person token minted with hostile claims is then used, as a client would.
        if (
          op.template === "/dev/token" &&
          response?.status === 200 &&
          typeof response.body?.access_token === "string"
        ) {
          await run(
            operations.find((o) => o.template === "/users" && o.method === "GET")!,
            {
              kind: `token from ${probe.kind}`,
              caller: "anonymous",
              headers: { authorization: `Bearer ${response.body.access_token}` },
            },
          );
        }
      }
      timings.push({ op: keyOf(op), requests: requests - before, ms: Math.round(performance.now() - opStarted) });
      const mine = opFailures.get(keyOf(op)) ?? [];
      expect(mine.length, report(mine)).toBe(0);
    }, 120_000);

  for (const op of ordered.filter((o) => !LATE.includes(keyOf(o)))) fuzzOperation(op);

  it("stores the hostile text the service accepts, then every read and every document still answers", async () => {
    const before = failures.length;
    const opAt = (key: string) => operations.find((o) => keyOf(o) === key)!;
    const write = (key: string, value: unknown, kind: string) =>
      run(opAt(key), { kind: `stored ${kind}`, caller: "system", body: jsonBody(value) });
    const { employeeId, payrollId, orgId } = world.ids;
    for (const [name, text] of Object.entries(storedTexts)) {
      await write(
        "PUT /tenants/{orgId}/employees/{employeeId}",
        {
          identifier: `E-${text}`.slice(0, 64),
          firstName: text.slice(0, 100),
          lastName: `${text} Muster`.slice(0, 100),
        },
        `employee ${name}`,
      );
      await write(
        "PUT /tenants/{orgId}/payrolls/{payrollId}",
        { name: `Firma ${text}`.slice(0, 200) },
        `payroll ${name}`,
      );
      await write(
        "POST /tenants/{orgId}/payrolls/{payrollId}/cases",
        {
          caseName: "EmployeeAddress",
          employeeId,
          values: [
            { caseFieldName: "Street", value: text, start: "2026-01-01" },
            { caseFieldName: "City", value: text, start: "2026-01-01" },
          ],
        },
        `address ${name}`,
      );
      await write(
        "POST /tenants/{orgId}/payrolls/{payrollId}/cases",
        {
          caseName: "CompanyAddress",
          employeeId: null,
          values: [{ caseFieldName: "CompanyStreet", value: text, start: "2026-01-01" }],
        },
        `company address ${name}`,
      );
      await write(
        "POST /tenants/{orgId}/payrolls/{payrollId}/cases",
        {
          caseName: "OneTimePayment",
          employeeId,
          values: [
            { caseFieldName: "BonusAmount", value: "100.00", start: "2026-01-15" },
            { caseFieldName: "BonusDescription", value: text, start: "2026-01-15" },
          ],
        },
        `bonus ${name}`,
      );
      const key = `K${text}`.slice(0, 50);
      await write(
        "POST /tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values",
        { key, value: text, displayName: { de: text, en: text }, payrollId },
        `cost center ${name}`,
      );
      await write(
        "POST /tenants/{orgId}/payrolls/{payrollId}/cases",
        {
          caseName: "CostCenter",
          employeeId,
          values: [{ caseFieldName: "CostCenter", value: key, start: "2026-01-01" }],
        },
        `cost center of the employee ${name}`,
      );
      // Every read, as each caller, with the valid path.
      for (const op of operations.filter((o) => o.method === "GET")) {
        await refreshResultIds(op);
        await discoverIds(op);
        for (const caller of callersOf(op).filter((c) => c !== "anonymous"))
          await run(op, { kind: `read after stored ${name} as ${caller}`, caller });
      }
      // Every document of the open period, as a file and as metadata.
      const documentsOp = opAt(
        "GET /tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents/{documentId}",
      );
      const list = await api.get(`/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/open/documents`, {
        token: world.tokens.system,
      });
      for (const doc of list.body.items as { id: string; category: string }[]) {
        for (const query of [undefined, "format=json"]) {
          await run(documentsOp, {
            kind: `${doc.category} after stored ${name}${query ? " as json" : ""}`,
            caller: "system",
            segments: { documentId: doc.id, payrunPeriodId: "open" },
            query,
          });
        }
      }
    }
    const mine = failures.slice(before);
    expect(mine.length, report(mine)).toBe(0);
  }, 180_000);

  for (const op of ordered.filter((o) => LATE.includes(keyOf(o)))) fuzzOperation(op);

  it(`sent at least ${MIN_REQUESTS} requests, none answered with a 5xx or a 4xx that is not problem+json`, () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    const statuses = [...histogram.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    console.log(
      `fuzz: ${requests} requests in ${seconds} s (${cpuSeconds} s CPU), seed ${SEED}; statuses ${statuses}; ${failures.length} failures`,
    );
    expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(failures.length, report(failures)).toBe(0);
  });
});

/** An error in one line: its message (without query parameters), the cause, where in server/ it was thrown. */
function describeError(error: Error): string {
  const cause = error.cause instanceof Error ? ` | cause: ${error.cause.message}` : "";
  const frame =
    (error.stack ?? "")
      .split("\n")
      .find((line) => /\/(server|app)\//.test(line))
      ?.trim() ?? "";
  return `${error.name}: ${error.message.split("\n")[0]!.slice(0, 160)}${cause} | ${frame}`;
}

function report(list: Outcome[]) {
  if (!list.length) return "";
  const lines = list
    .slice(0, 40)
    .map(
      (f) =>
        `  ${f.op} [${f.kind}] ${f.path} -> ${f.status}: ${f.excerpt.replace(/\s+/g, " ").slice(0, 220)}${f.log ? `\n      log: ${f.log.split("\n").slice(0, 3).join(" | ").slice(0, 300)}` : ""}`,
    );
  return `${list.length} requests failed (seed ${SEED}, replay with FUZZ_SEED=${SEED}):\n${lines.join("\n")}${list.length > 40 ? `\n  ... and ${list.length - 40} more` : ""}`;
}

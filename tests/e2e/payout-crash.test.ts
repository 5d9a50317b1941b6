/**
 * The crash test of issue 10: the server process (`next start`, as in production) is killed with
 * SIGKILL at each fault point of a payout (TEST_CRASH_AT, server/testing/install.ts) and started again on the
 * same database. Nothing is paid twice, no payout is without its file, and a retry with the same
 * Idempotency-Key answers with the committed payout.
 *
 * It runs its own servers on its own database: an embedded PGlite folder, or a new PostgreSQL
 * database beside DATABASE_URL when that is set (as the suite's setup does).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultPoint } from "@/server/testing/hooks";
import { validatePain001 } from "../fixtures/pain001/validate";
import {
  freePort,
  freshDatabase,
  root,
  serviceEnv,
  startServer,
  stopServer,
  type OwnDatabase,
  type ServerProcess,
} from "../support/server-process";
import { apiCall } from "./tenant";

const toRappen = (amount: string) => Math.round(Number(amount) * 100);

/** `next start` on the test's database with the test hooks, and TEST_CRASH_AT when a fault point is given. */
async function startFaultyServer(database: OwnDatabase, fault?: FaultPoint): Promise<ServerProcess> {
  const [port, idpPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  const env = serviceEnv(database, {
    NODE_ENV: "production",
    PUBLIC_URL: baseUrl,
    NEXTAUTH_URL: baseUrl,
    DEV_IDP_HOST: "127.0.0.1",
    DEV_IDP_PORT: String(idpPort),
    PAYROLL_TEST_HOOKS: "true",
    ...(fault ? { TEST_CRASH_AT: fault } : {}),
  });
  return startServer({ env, port });
}

/** SIGKILL to the server's process group (next start and whatever it forked), as a crash would. */
const killServer = (server: ServerProcess, signal: NodeJS.Signals = "SIGKILL") => stopServer(server, signal);

/** Runs an npm script beside the service, on the test's database. */
function besideService(database: OwnDatabase, publicUrl: string, args: string[]) {
  const run = spawnSync("npm", ["run", "-s", ...args], {
    cwd: root,
    env: serviceEnv(database, { PUBLIC_URL: publicUrl }),
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim().split("\n").pop()!;
}

describe("a payout survives the server being killed at each step (SIGKILL, restart on the same database)", () => {
  const workDir = mkdtempSync(path.join(tmpdir(), "payroll-crash-"));
  let database: OwnDatabase;
  let server: ServerProcess | null = null;
  let token = "";
  let base = "";
  let orgId = "";
  let payrollId = "";
  const employees: string[] = [];
  const owed = new Map<string, number>();

  /** The API of the server running now, as the system user (the token changes with each restart). */
  const call = (method: string, pathname: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(pathname, { method, token, body, headers, origin: server!.baseUrl });
  async function ok(method: string, url: string, body?: unknown) {
    const reply = await call(method, url, body);
    expect(reply.status, `${method} ${url}: ${reply.text}`).toBeLessThan(300);
    return reply.body;
  }
  const postCase = (caseName: string, employeeId: string | null, record: Record<string, string>) =>
    ok("POST", `/tenants/${orgId}/payrolls/${payrollId}/cases`, {
      caseName,
      employeeId,
      values: Object.entries(record).map(([caseFieldName, value]) => ({ caseFieldName, value, start: "2026-01-01" })),
    });
  async function newToken() {
    const reply = await fetch(`${server!.baseUrl}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", ...credentials }),
    });
    expect(reply.status).toBe(200);
    token = ((await reply.json()) as { access_token: string }).access_token;
  }
  let credentials = { client_id: "", client_secret: "" };
  async function restart(fault?: FaultPoint) {
    if (server) await killServer(server);
    server = await startFaultyServer(database, fault);
    if (credentials.client_id) await newToken();
  }

  const entryOf = async (employeeId: string) =>
    (
      (await ok("GET", `${base}/open/entries`)) as {
        items: { employeeId: string; openAmount: string; paidOut: string }[];
      }
    ).items.find((e) => e.employeeId === employeeId)!;
  const payoutsOf = async (employeeId: string) =>
    (
      (await ok("GET", `${base}/open/payouts?limit=100`)) as {
        items: { id: string; documentId?: string; lines: { employeeId: string; amount: string }[] }[];
      }
    ).items.filter((p) => p.lines.some((l) => l.employeeId === employeeId));
  const paymentFiles = async () =>
    (
      (await ok("GET", `${base}/open/documents?category=PaymentFile&limit=100`)) as {
        items: { id: string; category: string }[];
      }
    ).items.filter((d) => d.category === "PaymentFile");

  /** Starts a server that dies at the step, and sends it an advance under the key: the connection drops. */
  async function payIntoCrash(point: FaultPoint, employeeId: string, key: string) {
    await restart(point);
    const dying = server!;
    const attempt = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    ).then(
      (reply) => reply,
      (error: unknown) => error,
    );
    expect(attempt, "the request must not be answered").toBeInstanceOf(Error);
    // The process that served the request is gone; end the rest of its group and start again without the fault.
    await killServer(dying);
    server = null;
    await restart();
  }

  beforeAll(async () => {
    database = await freshDatabase(workDir, "crash");
    await restart();
    credentials = (({ clientId, clientSecret }) => ({ client_id: clientId, client_secret: clientSecret }))(
      JSON.parse(
        besideService(database, server!.baseUrl, ["system-user", "--", "create", "--name", "Crash test", "--json"]),
      ) as { clientId: string; clientSecret: string },
    );
    await newToken();
    orgId = ((await ok("POST", "/tenants", { name: "Crash AG" })) as { id: string }).id;
    const payroll = (await ok("POST", `/tenants/${orgId}/payrolls/simple`, {
      name: "Crash AG",
      accountingStartDate: "2026-01-01",
      documentLanguage: "de",
    })) as { id: string };
    payrollId = payroll.id;
    base = `/tenants/${orgId}/payrolls/${payrollId}/payrunperiods`;
    await postCase("CompanyUvg", null, { UvgInsurer: "Suva", NbuRate: "1", BuRate: "0.1" });
    await postCase("CompanyFak", null, { FakCanton: "BE", FakRate: "1.5" });
    await postCase("CompanyAddress", null, {
      CompanyStreet: "Bundesplatz",
      CompanyHouseNumber: "3",
      CompanyPostalCode: "3003",
      CompanyCity: "Bern",
      CompanyCountry: "CH",
    });
    await postCase("CompanyBankAccount", null, { CompanyIban: "CH5604835012345678009" });
    for (const [i, name] of ["Bea", "Cem", "Dan"].entries()) {
      const employee = (await ok("POST", `/tenants/${orgId}/employees`, {
        identifier: `E${i + 1}`,
        firstName: name,
        lastName: "Crash",
      })) as { id: string };
      await postCase("EmployeePersonalData", employee.id, {
        BirthDate: "1990-02-01",
        Sex: "female",
        AhvNumber: "756.1234.5678.97",
      });
      await postCase("EmployeeAddress", employee.id, {
        Street: "Seestrasse",
        HouseNumber: "12",
        PostalCode: "6004",
        City: "Luzern",
        Country: "CH",
      });
      await postCase("EmployeeBankAccount", employee.id, { Iban: "CH93 0076 2011 6238 5295 7" });
      await postCase("Employment", employee.id, { EntryDate: "2026-01-01" });
      await postCase("Salary", employee.id, { SalaryType: "monthly", MonthlySalary: "5000.00" });
      employees.push(employee.id);
      const entry = await entryOf(employee.id);
      expect(toRappen(entry.openAmount)).toBeGreaterThan(100_000);
      owed.set(employee.id, toRappen(entry.openAmount));
    }
  }, 600_000);

  afterAll(async () => {
    if (server) await killServer(server, "SIGTERM");
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it("killed before the commit: nothing is paid and no file exists; the key is not lost, and a retry with it pays once", async () => {
    const employeeId = employees[0]!;
    const key = "crash-before-commit";
    await payIntoCrash("payout.before-commit", employeeId, key);

    expect(await payoutsOf(employeeId)).toEqual([]);
    expect(await paymentFiles()).toEqual([]);
    expect(await entryOf(employeeId)).toMatchObject({
      paidOut: "0.00",
      openAmount: (owed.get(employeeId)! / 100).toFixed(2),
    });

    // The key's first run left it "running": a retry right away is told so and pays nothing ...
    const early = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    );
    expect(early.status, early.text).toBe(409);
    expect(early.body.code).toBe("idempotency.in_progress");
    expect(await payoutsOf(employeeId)).toEqual([]);

    // ... until the key counts as abandoned (STALE_RUNNING_MS, 5 minutes; aged here in the database, with no server running).
    await killServer(server!, "SIGTERM");
    server = null;
    await database.sql(`UPDATE idempotency_keys SET created_at = created_at - interval '6 minutes' WHERE key = $1`, [
      key,
    ]);
    await restart();
    const retry = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    );
    expect(retry.status, retry.text).toBe(201);
    const again = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    );
    expect(again.status, again.text).toBe(201);
    expect(again.body.payout.id).toBe(retry.body.payout.id);

    const paid = await payoutsOf(employeeId);
    expect(paid.map((p) => p.id)).toEqual([retry.body.payout.id]);
    expect(await entryOf(employeeId)).toMatchObject({
      paidOut: "1000.00",
      openAmount: ((owed.get(employeeId)! - 100_000) / 100).toFixed(2),
    });
  }, 600_000);

  it("killed after the commit, before the response: paid once with its file, and a retry with the key answers with the committed payout", async () => {
    const employeeId = employees[1]!;
    const key = "crash-after-commit";
    const filesBefore = (await paymentFiles()).map((d) => d.id);
    await payIntoCrash("payout.after-commit", employeeId, key);

    const paid = await payoutsOf(employeeId);
    expect(paid).toHaveLength(1);
    const payout = paid[0]!;
    expect(payout).toMatchObject({
      status: "created",
      total: "1000.00",
      count: 1,
      lines: [{ employeeId, amount: "1000.00" }],
    });
    const files = (await paymentFiles()).filter((d) => !filesBefore.includes(d.id));
    expect(files.map((d) => d.id)).toEqual([payout.documentId]);
    const file = await fetch(`${server!.baseUrl}/api${base}/open/payouts/${payout.id}/document`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    const xml = await file.text();
    expect((await validatePain001(xml)).messages).toEqual([]);
    expect(xml).toContain("<CtrlSum>1000.00</CtrlSum>");
    expect(await entryOf(employeeId)).toMatchObject({
      paidOut: "1000.00",
      openAmount: ((owed.get(employeeId)! - 100_000) / 100).toFixed(2),
    });

    // A retry with the key gets the payout the killed process committed, at once and not again.
    const retry = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    );
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.payout.id).toBe(payout.id);
    expect(retry.body.paymentFile).toMatchObject({
      documentId: files[0]!.id,
      contentType: "application/xml",
      content: xml,
    });
    const replay = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    );
    expect(replay.status, replay.text).toBe(201);
    expect(replay.body).toEqual(retry.body);

    expect((await payoutsOf(employeeId)).map((p) => p.id)).toEqual([payout.id]);
    expect(await entryOf(employeeId)).toMatchObject({
      paidOut: "1000.00",
      openAmount: ((owed.get(employeeId)! - 100_000) / 100).toFixed(2),
    });
  }, 600_000);

  it("killed after the commit, retried only once the key would count as abandoned: the committed payout again, not a second one", async () => {
    const employeeId = employees[2]!;
    const key = "crash-after-commit-late";
    await payIntoCrash("payout.after-commit", employeeId, key);
    const [payout, ...more] = await payoutsOf(employeeId);
    expect(more).toEqual([]);

    // STALE_RUNNING_MS (5 minutes) passes: aged in the database, with no server running.
    await killServer(server!, "SIGTERM");
    server = null;
    await database.sql(`UPDATE idempotency_keys SET created_at = created_at - interval '6 minutes' WHERE key = $1`, [
      key,
    ]);
    await restart();
    const late = await call(
      "POST",
      `${base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { "idempotency-key": key },
    );
    expect(late.status, late.text).toBe(201);
    expect(late.body.payout.id).toBe(payout!.id);
    expect((await payoutsOf(employeeId)).map((p) => p.id)).toEqual([payout!.id]);
    expect(await entryOf(employeeId)).toMatchObject({
      paidOut: "1000.00",
      openAmount: ((owed.get(employeeId)! - 100_000) / 100).toFixed(2),
    });
  }, 600_000);
});

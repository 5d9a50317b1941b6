/**
 * Every GET list pages the same way (contract section 1, "lists"): `{ items, nextCursor }`, `limit`
 * 1 to 500 (default 50) and `cursor`; the order is stable, and the fields beside the items
 * (valueDate, blockingCount, regulationId ...) come on every page.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";
import { getDb } from "@/server/db/client";
import { payrunPeriods } from "@/server/db/schema";
import { newId } from "@/server/ids";

// One more employee than the default page: a recalculation per case change, on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 600_000 });

const STAFF = 51;

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
type Page = { items: Record<string, unknown>[]; nextCursor: string | null } & Record<string, unknown>;

let t: Tenant;
let base: string;
let employeeIds: string[];

beforeAll(async () => {
  t = await tenantFixture();
  base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
  const ids: string[] = [];
  for (let i = 0; i < STAFF; i++) {
    const created = await api.post(
      `/api/tenants/${t.orgId}/employees`,
      anEmployee({ identifier: `P-${String(i).padStart(3, "0")}` }),
      { token: t.token },
    );
    expect(created.status, created.text).toBe(201);
    const employment = [
      { caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" },
      { caseFieldName: "ActivityRate", value: "100", start: "2026-01-01" },
      { caseFieldName: "WorkplaceCanton", value: "ZH", start: "2026-01-01" },
    ];
    const posted = await api.post(
      `${base}/cases`,
      { caseName: "Employment", employeeId: created.body.id, values: employment },
      { token: t.token },
    );
    expect(posted.status, posted.text).toBe(201);
    ids.push(created.body.id as string);
  }
  employeeIds = ids.sort();
});

const withQuery = (path: string, query: string) => (query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path);

async function page(path: string, query = "", token = t.token): Promise<Page> {
  const response = await api.get<Page>(withQuery(path, query), { token });
  expect(response.status, `${withQuery(path, query)}: ${response.text}`).toBe(200);
  return response.body;
}

/** The other fields of a page than its items and cursor. */
const besides = (page: Page) =>
  Object.fromEntries(Object.entries(page).filter(([key]) => key !== "items" && key !== "nextCursor"));

/**
 * The rules every paged list keeps: the default page is the first 50, limit=1 gives one item and a
 * cursor to the next, the last page has no cursor, every page carries the same other fields, and
 * limit 0, 501 or abc and a foreign cursor are refused like every paged list refuses them. Returns every item.
 */
async function expectPaged(path: string, token = t.token) {
  const get = (query = "") => page(path, query, token);
  const all = await get("limit=500");
  expect(all.nextCursor).toBeNull();
  const items = all.items;
  expect(items.length).toBeGreaterThanOrEqual(2);

  const first = await get();
  expect(first.items).toEqual(items.slice(0, 50));
  expect(first.nextCursor === null).toBe(items.length <= 50);
  expect(besides(first)).toEqual(besides(all));

  const one = await get("limit=1");
  expect(one.items).toEqual(items.slice(0, 1));
  expect(one.nextCursor).toEqual(expect.any(String));
  const two = await get(`limit=1&cursor=${one.nextCursor}`);
  expect(two.items).toEqual(items.slice(1, 2));
  expect(besides(two)).toEqual(besides(all));

  const allButLast = await get(`limit=${items.length - 1}`);
  expect(allButLast.items).toEqual(items.slice(0, -1));
  const last = await get(`cursor=${allButLast.nextCursor}`);
  expect(last.items).toEqual(items.slice(-1));
  expect(last.nextCursor).toBeNull();

  for (const limit of ["0", "501", "abc"]) {
    const refused = await api.get(withQuery(path, `limit=${limit}`), { token });
    expect(refused.status, `limit=${limit}`).toBe(422);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(["limit"]);
  }
  const foreign = await api.get(withQuery(path, "cursor=not-a-cursor"), { token });
  expect(foreign.status).toBe(422);
  expect(foreign.body.errors[0].path).toBe("cursor");
  return all;
}

/** All items, following nextCursor page by page (a client's loop). */
async function walk(path: string, limit: number, token = t.token) {
  const items: Page["items"] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await page(path, `limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, token);
    items.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return items;
}

describe("GET list endpoints page with limit and cursor", () => {
  it("payrun periods: by periodStart, not by id", async () => {
    const own = await tenantFixture();
    // 51 closed months before the open one, written directly (closing them through the API would take minutes),
    // newest first so that their ids run against their dates.
    const db = await getDb();
    const months = Array.from({ length: 51 }, (_, i) => {
      const start = new Date(Date.UTC(2025, 11 - i, 1));
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
      return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
    });
    await db.insert(payrunPeriods).values(
      months.map(({ start, end }) => ({
        id: newId(),
        tenantId: own.orgId,
        payrollId: own.payroll.id,
        periodStart: start,
        periodEnd: end,
        status: "closed" as const,
        closedAt: new Date(),
      })),
    );
    const path = `/api/tenants/${own.orgId}/payrolls/${own.payroll.id}/payrunperiods`;
    const all = await expectPaged(path, own.token);
    const starts = all.items.map((p) => p.periodStart as string);
    expect(starts).toHaveLength(52);
    expect(starts).toEqual([...starts].sort());
    expect(starts.at(-1)).toBe("2026-01-01");
    expect(await walk(path, 7, own.token)).toEqual(all.items);
  });

  it("entries: one per employee, by employeeId", async () => {
    const path = `${base}/payrunperiods/open/entries`;
    const all = await expectPaged(path);
    expect(all.items.map((e) => e.employeeId)).toEqual(employeeIds);
    expect((await page(path)).items).toHaveLength(50);
    expect(await walk(path, 20)).toEqual(all.items);
  });

  it("documents: in their listing order, filters kept across pages", async () => {
    const path = `${base}/payrunperiods/open/documents`;
    const all = await expectPaged(path);
    // A payslip per employee (by identifier) and the accounting document (PDF and CSV).
    expect(all.items.length).toBeGreaterThanOrEqual(STAFF + 2);
    const payslips = all.items.filter((d) => d.category === "Payslip");
    expect(payslips.map((d) => d.name)).toEqual([...payslips.map((d) => d.name as string)].sort());
    expect(await walk(path, 16)).toEqual(all.items);
    expect(await walk(`${path}?category=Payslip`, 10)).toEqual(payslips);
    // A cursor naming a document the list does not hold (any more) is refused: start again.
    const stale = Buffer.from(JSON.stringify({ after: newId() })).toString("base64url");
    const refused = await api.get(`${path}?cursor=${stale}`, { token: t.token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].path).toBe("cursor");
  });

  it("missing data of the payroll: company first, then by employee and case, valueDate on every page", async () => {
    const path = `${base}/missingdata`;
    const all = await expectPaged(path);
    expect(all.items.length).toBeGreaterThan(50);
    expect(all.valueDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    const keys = all.items.map((i) => `${(i.employeeId as string | null) ?? ""}/${i.caseName as string}`);
    expect(keys).toEqual([...keys].sort());
    expect(all.items[0]!.employeeId).toBeNull();
    expect(new Set(all.items.map((i) => i.employeeId).filter(Boolean))).toEqual(new Set(employeeIds));
    expect(await walk(path, 9)).toEqual(all.items);
    // The asked date stays with the pages.
    const dated = await page(path, "valueDate=2026-01-15&limit=1");
    expect(dated.valueDate).toBe("2026-01-15");
    expect((await page(path, `valueDate=2026-01-15&limit=1&cursor=${dated.nextCursor}`)).valueDate).toBe("2026-01-15");
  });

  it("missing data of one employee: by case name", async () => {
    const path = `${base}/employees/${employeeIds[0]}/missingdata`;
    const all = await expectPaged(path);
    expect(all.items.every((i) => i.employeeId === employeeIds[0])).toBe(true);
    const names = all.items.map((i) => i.caseName as string);
    expect(names).toEqual([...names].sort());
  });

  it("Payroll Control: by employeeId, and the blocking count of every employee on every page", async () => {
    const path = `${base}/payrunperiods/open/controlling`;
    const all = await expectPaged(path);
    expect(all.items.map((r) => r.employeeId)).toEqual(employeeIds);
    const blocking = all.items.reduce(
      (n, r) => n + (r.items as { blocking: boolean }[]).filter((i) => i.blocking).length,
      0,
    );
    expect(blocking).toBeGreaterThan(0);
    expect(all.blockingCount).toBe(blocking);
    const one = await page(path, "limit=1");
    expect(one.blockingCount).toBe(blocking);
    expect(await walk(path, 25)).toEqual(all.items);
  });

  it("wage types: by number, numerically", async () => {
    const path = `${base}/wagetypes`;
    const all = await expectPaged(path);
    const numbers = all.items.map((w) => w.number as string);
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b, "en", { numeric: true })));
    expect(await walk(path, 13)).toEqual(all.items);
  });

  it("lookup sets: by name, with the regulation on every page", async () => {
    const path = `/api/tenants/${t.orgId}/regulations/CH/lookups/sets`;
    const all = await expectPaged(path);
    expect(all).toMatchObject({
      regulationId: expect.any(String),
      regulationName: "CH",
      validFrom: expect.any(String),
    });
    const names = all.items.map((s) => s.name as string);
    expect(names).toEqual([...names].sort());
    expect(await walk(`${path}?payrollId=${t.payroll.id}`, 3)).toEqual(all.items);
  });

  it("values in force: by field name, valueDate on every page", async () => {
    const path = `${base}/cases/values/time?employeeId=${employeeIds[0]}&valueDate=2026-01-15`;
    const all = await expectPaged(path);
    expect(all.valueDate).toBe("2026-01-15");
    expect(all.items.map((v) => v.caseFieldName)).toEqual(
      expect.arrayContaining(["ActivityRate", "EntryDate", "WorkplaceCanton"]),
    );
    expect(await walk(path, 1)).toEqual(all.items);
  });

  it("available regulations: by country regulation name", async () => {
    const all = await page("/api/regulations/available", "limit=500");
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((c) => c.name)).toContain("CH");
    const one = await page("/api/regulations/available", "limit=1");
    expect(one.items).toEqual(all.items.slice(0, 1));
    expect(one.nextCursor === null).toBe(all.items.length === 1);
    expect((await api.get("/api/regulations/available?limit=0", { token: t.token })).status).toBe(422);
  });

  it("case definitions: by name, company or employee cases", async () => {
    for (const path of [`${base}/cases`, `${base}/cases?employeeId=${employeeIds[0]}`]) {
      const all = await expectPaged(path);
      const names = all.items.map((c) => c.name as string);
      expect(names).toEqual([...names].sort());
      expect(await walk(path, 4)).toEqual(all.items);
    }
  });
});

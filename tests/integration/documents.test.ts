import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { startJobWorker, stopJobWorker } from "@/server/job-worker";
import type { paths } from "@/client";
import { api } from "../fixtures/api";
import { type TypedClient, clientWithToken } from "../fixtures/client";
import { validateDeclareSalary } from "../fixtures/elm/validate";
import { example1 } from "../fixtures/example-payroll";
import { aPayroll, anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { pdfText } from "../fixtures/pdf";
import { changeSettings } from "../support/settings";

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
type DocumentsQuery = NonNullable<
  paths["/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents"]["get"]["parameters"]["query"]
>;
type PayrollPath = { orgId: string; payrollId: string };
const ofPayroll = (t: Tenant): PayrollPath => ({ orgId: t.orgId, payrollId: t.payroll.id });

/** The period's documents as `client` may see them (the document downloads themselves stay raw: PDF, CSV, XML bytes). */
const documentsOf = async (client: TypedClient, path: PayrollPath, period = "open", query?: DocumentsQuery) => {
  const response = await client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents", {
    params: { path: { ...path, payrunPeriodId: period }, query },
  });
  expect(response.response.status, JSON.stringify(response.error)).toBe(200);
  return response.data!.items;
};
/** The close of the open period, without a body: it asks for nothing in particular. */
const closeOpen = (t: Tenant) =>
  t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close", {
    params: { path: { ...ofPayroll(t), payrunPeriodId: "open" } },
  });
const newEmployee = async (t: Tenant, firstName?: string) =>
  (
    await t.client.POST("/tenants/{orgId}/employees", {
      params: { path: { orgId: t.orgId } },
      body: anEmployee(firstName ? { firstName } : {}),
    })
  ).data!;

/** Sum of a CSV amount column per account side: every journal line debits one account and credits another. */
function csvTotals(csv: string) {
  const [header, ...rows] = csv.trim().split(/\r\n/);
  const columns = header!.split(";");
  const amount = columns.findIndex((c) => /amount|betrag/i.test(c));
  expect(amount).toBeGreaterThanOrEqual(0);
  return {
    columns,
    rows: rows.map((r) => r.split(";")),
    total: rows.reduce((sum, r) => sum + Math.round(Number(r.split(";")[amount]) * 100), 0),
  };
}

describe("documents of a payrun period", () => {
  it("lists previews while the period is open: a payslip per employee and the accounting document, read back by content", async () => {
    const { t, base, employee } = await example1();
    const docs = await documentsOf(t.client, ofPayroll(t));
    expect(docs.map((d) => [d.category, d.contentType.split(";")[0], d.final, d.employeeId])).toEqual([
      ["Payslip", "application/pdf", false, employee.id],
      ["AccountingDocument", "application/pdf", false, null],
      ["AccountingDocument", "text/csv", false, null],
    ]);
    expect(await documentsOf(t.client, ofPayroll(t), "open", { employeeId: employee.id })).toHaveLength(1);
    expect(await documentsOf(t.client, ofPayroll(t), "open", { category: "AccountingDocument" })).toHaveLength(2);
    expect((await api.get(`${base}/payrunperiods/open/documents?category=Nonsense`, { token: t.token })).status).toBe(
      422,
    );

    const payslip = docs[0]!;
    const pdf = await api.get(`${base}/payrunperiods/open/documents/${payslip.id}`, { token: t.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Anna Muster");
    expect(text).toContain("756.9217.0769.85");
    expect(text).toContain("5'804.25"); // net pay
    expect(text).toContain("6'500.00"); // gross
    expect(text).toMatch(/VORSCHAU|Vorschau/); // documentLanguage de, not final

    const meta = await t.client.GET(
      "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents/{documentId}",
      {
        params: {
          path: { ...ofPayroll(t), payrunPeriodId: "open", documentId: payslip.id },
          query: { format: "json" },
        },
      },
    );
    expect(meta.data).toEqual(payslip);

    const csv = await api.get(`${base}/payrunperiods/open/documents/${docs[2]!.id}`, { token: t.token });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const journal = csvTotals(csv.text);
    // Gross 6,500 on the wage expense; net 5,804.25 from the clearing account to the bank.
    expect(csv.text).toMatch(/5000;[^\r\n]*1091;[^\r\n]*6500\.00/);
    expect(csv.text).toMatch(/1091;[^\r\n]*1020;[^\r\n]*5804\.25/);
    expect(journal.total).toBeGreaterThan(650000);

    const accounting = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${docs[1]!.id}`, { token: t.token })).bytes,
    );
    const totals = [...accounting.matchAll(/(\d{1,3}(?:'\d{3})*\.\d{2})/g)].map((m) => m[1]);
    expect(accounting).toContain("1091");
    expect(totals).toContain(
      `${Math.floor(journal.total / 100)
        .toLocaleString("de-CH")
        .replace(/’/g, "'")}.${String(journal.total % 100).padStart(2, "0")}`,
    );
  });

  it("closing makes them final under the same ids, and the next period has its own previews", async () => {
    const { t, base, employee } = await example1();
    const before = await documentsOf(t.client, ofPayroll(t));
    const january = (
      await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}", {
        params: { path: { ...ofPayroll(t), payrunPeriodId: "open" } },
      })
    ).data!;
    expect((await closeOpen(t)).response.status).toBe(200);
    const after = await documentsOf(t.client, ofPayroll(t), january.id);
    expect(after.map((d) => [d.id, d.category, d.name, d.final])).toEqual(
      before.map((d) => [d.id, d.category, d.name, true]),
    );
    const text = pdfText(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${after[0]!.id}`, { token: t.token })).bytes,
    );
    expect(text).toContain("5'804.25");
    expect(text).not.toMatch(/VORSCHAU|Vorschau/);
    // Before go-live no ELM documents are made.
    expect(after.filter((d) => d.category.startsWith("Elm"))).toEqual([]);
    const february = await documentsOf(t.client, ofPayroll(t));
    expect(february.find((d) => d.category === "Payslip")).toMatchObject({
      employeeId: employee.id,
      final: false,
      name: expect.stringContaining("2026-02"),
    });
    // A preview of the open period is not a document of the closed one.
    expect(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${february[0]!.id}`, { token: t.token })).status,
    ).toBe(404);
    expect((await api.get(`${base}/payrunperiods/${january.id}/documents/not-a-uuid`, { token: t.token })).status).toBe(
      404,
    );
  });

  it("a final accounting document keeps the account names as they stood at close", async () => {
    const { t, base } = await example1();
    const january = (await closeOpen(t)).data!;
    const accounts = (
      await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/lookups/values", {
        params: { path: ofPayroll(t), query: { limit: "500", lookupName: "Accounts" } },
      })
    ).data!.items;
    const clearing = accounts.find((a) => a.key === "1091")!;
    const renamed = await t.client.PUT(
      "/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}",
      {
        params: {
          path: {
            orgId: t.orgId,
            regulationId: "ChartOfAccountsKmu",
            lookupId: "Accounts",
            lookupValueId: clearing.id,
          },
        },
        body: { value: "Renamed clearing account" },
      },
    );
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    const [finalPdf] = await documentsOf(t.client, ofPayroll(t), january.id, { category: "AccountingDocument" });
    const closedText = pdfText(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${finalPdf!.id}`, { token: t.token })).bytes,
    );
    expect(closedText).toContain("Lohndurchlaufkonto");
    expect(closedText).not.toContain("Renamed clearing account");
    const [preview] = await documentsOf(t.client, ofPayroll(t), "open", { category: "AccountingDocument" });
    const openText = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${preview!.id}`, { token: t.token })).bytes,
    );
    expect(openText).toContain("Renamed clearing account");
  });

  it("lists an employee's payslips of every period, newest first, for the employee record", async () => {
    const { t, employee } = await example1();
    const january = (await closeOpen(t)).data!;
    const { employeeDocuments } = await import("@/server/documents/read-documents");
    const ctx = {
      caller: { kind: "system" as const, systemUserId: t.owner.id, name: "test" },
      tenantId: t.orgId,
      access: { tenantId: t.orgId, role: "Administrator" as const, payrollIds: [], employeeId: null },
    };
    const { items } = await employeeDocuments({ ctx, payrollId: t.payroll.id, employeeId: employee.id });
    expect(items.map((d) => [d.category, d.periodStart, d.final])).toEqual([
      ["Payslip", "2026-02-01", false],
      ["Payslip", "2026-01-01", true],
    ]);
    expect(items[1]!.payrunPeriodId).toBe(january.id);
    const other = await employeeDocuments({
      ctx: {
        ...ctx,
        access: { ...ctx.access, role: "SelfService" as const, employeeId: "00000000-0000-0000-0000-000000000000" },
      },
      payrollId: t.payroll.id,
      employeeId: employee.id,
    });
    expect(other.items).toEqual([]);
  });

  it("a retro change after close shows up in the next period's payslip", async () => {
    const { t, base, post, employee } = await example1();
    await closeOpen(t);
    await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    const payslip = (await documentsOf(t.client, ofPayroll(t), "open", { category: "Payslip" }))[0]!;
    const text = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${payslip.id}`, { token: t.token })).bytes,
    );
    expect(text).toContain("7'000.00");
    expect(text).toContain("500.00"); // the January correction of the monthly salary
    expect(text).toMatch(/01\.2026|Januar 2026|2026-01/); // marked with the period it corrects
  });

  it("an exit produces the salary certificate of the year", async () => {
    const { t, base, post, employee } = await example1();
    await post("Employment", employee.id, { ExitDate: "2026-01-31" }, "2026-01-01");
    const certificate = (await documentsOf(t.client, ofPayroll(t), "open", { category: "SalaryCertificate" }))[0]!;
    expect(certificate).toMatchObject({
      employeeId: employee.id,
      contentType: "application/pdf",
      name: expect.stringContaining("2026"),
    });
    const text = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${certificate.id}`, { token: t.token })).bytes,
    );
    expect(text).toContain("Anna Muster");
    expect(text).toContain("756.9217.0769.85");
    expect(text).toContain("6'500"); // field 8, gross
  });

  it("December has everyone's salary certificate of the year, with the year's figures", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const created = await t.client.POST("/tenants/{orgId}/payrolls/simple", {
      params: { path: { orgId: t.orgId } },
      body: aPayroll({ accountingStartDate: "2026-12-01" }),
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const payroll = { orgId: t.orgId, payrollId: created.data!.id };
    const base = `/api/tenants/${t.orgId}/payrolls/${created.data!.id}`;
    const post = (caseName: string, employeeId: string | null, values: Record<string, string>) =>
      t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", {
        params: { path: payroll },
        body: {
          caseName,
          employeeId,
          values: Object.entries(values).map(([caseFieldName, value]) => ({
            caseFieldName,
            value,
            start: "2026-12-01",
          })),
        },
      });
    const people: { id: string }[] = [];
    for (const [firstName, salary] of [
      ["Anna", "6500.00"],
      ["Bruno", "5000.00"],
    ] as const) {
      const employee = await newEmployee(t, firstName);
      await post("EmployeePersonalData", employee.id, {
        BirthDate: "1986-05-10",
        Sex: "female",
        AhvNumber: "756.9217.0769.85",
      });
      await post("Employment", employee.id, { EntryDate: "2026-12-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
      await post("Salary", employee.id, { SalaryType: "monthly", MonthlySalary: salary });
      people.push(employee);
    }
    const certificates = await documentsOf(t.client, payroll, "open", { category: "SalaryCertificate" });
    expect(certificates.map((c) => c.employeeId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(certificates.every((c) => c.name.includes("2026"))).toBe(true);
    const bruno = certificates.find((c) => c.employeeId === people[1]!.id)!;
    const text = pdfText((await api.get(`${base}/payrunperiods/open/documents/${bruno.id}`, { token: t.token })).bytes);
    expect(text).toContain("Bruno Muster");
    expect(text).toContain("5'000"); // field 8, gross of December
  });

  it("Self Service sees only their own payslips; other callers' tenants see nothing", async () => {
    const { t, base, employee } = await example1();
    const colleague = await newEmployee(t, "Bruno");
    await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", {
      params: { path: ofPayroll(t) },
      body: {
        caseName: "Employment",
        employeeId: colleague.id,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
    });
    const all = await documentsOf(t.client, ofPayroll(t));
    const self = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
    const own = await documentsOf(clientWithToken(self.token), ofPayroll(t));
    expect(own.map((d) => [d.category, d.employeeId])).toEqual([["Payslip", employee.id]]);
    const accounting = all.find((d) => d.category === "AccountingDocument")!;
    expect((await api.get(`${base}/payrunperiods/open/documents/${accounting.id}`, { token: self.token })).status).toBe(
      404,
    );
    const theirs = all.find((d) => d.employeeId === colleague.id)!;
    expect((await api.get(`${base}/payrunperiods/open/documents/${theirs.id}`, { token: self.token })).status).toBe(
      404,
    );
    expect((await api.get(`${base}/payrunperiods/open/documents/${own[0]!.id}`, { token: self.token })).status).toBe(
      200,
    );
  });

  it("Self Service finds its way through the regular endpoints to the payslip of a closed period (interface 1.9)", async () => {
    const { t, employee } = await example1();
    const self = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
    const selfClient = clientWithToken(self.token);
    expect((await closeOpen(t)).response.status).toBe(200);
    // From the tenant alone: the payroll, its periods, the closed one's documents.
    const payrolls = await selfClient.GET("/tenants/{orgId}/payrolls", { params: { path: { orgId: t.orgId } } });
    expect(payrolls.response.status, JSON.stringify(payrolls.error)).toBe(200);
    expect(payrolls.data!.items.map((p) => p.id)).toEqual([t.payroll.id]);
    const payroll = { orgId: t.orgId, payrollId: payrolls.data!.items[0]!.id };
    const base = `/api/tenants/${t.orgId}/payrolls/${payroll.payrollId}`;
    const periods = await selfClient.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods", {
      params: { path: payroll },
    });
    expect(periods.response.status, JSON.stringify(periods.error)).toBe(200);
    const january = periods.data!.items.find((p) => p.periodStart === "2026-01-01")!;
    expect(january).toMatchObject({ status: "closed" });
    expect(
      (
        await selfClient.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}", {
          params: { path: { ...payroll, payrunPeriodId: january.id } },
        })
      ).response.status,
    ).toBe(200);
    const own = await documentsOf(selfClient, payroll, january.id);
    expect(own.map((d) => [d.category, d.employeeId, d.final])).toEqual([["Payslip", employee.id, true]]);
    expect(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${own[0]!.id}`, { token: self.token })).status,
    ).toBe(200);
    // Still nothing of the results or the payroll's settings.
    expect((await api.get(`${base}/payrunperiods/${january.id}/entries`, { token: self.token })).status).toBe(403);
    expect((await api.get(`${base}/regulations`, { token: self.token })).status).toBe(403);
  });
});

describe("go-live and the ELM submission (sandbox)", () => {
  beforeAll(async () => {
    changeSettings({ ELM_RESULT_DELAY_MS: 300 });
    await startJobWorker({ pollIntervalMs: 100 });
  });
  afterAll(() => stopJobWorker());

  it("after go-live, closing creates a valid ELM declaration; the sandbox finalizes the period with a receipt per category", async () => {
    const { t, base } = await example1();
    const live = await t.client.PUT("/tenants/{orgId}/payrolls/{payrollId}", {
      params: { path: ofPayroll(t) },
      body: { transmissionStartDate: "2026-01-01" },
    });
    expect(live.response.status, JSON.stringify(live.error)).toBe(200);
    const closed = await closeOpen(t);
    expect(closed.response.status, JSON.stringify(closed.error)).toBe(200);
    const periodId = closed.data!.id;
    // The close submitted it (contract 6); the transmission itself runs in the background.
    expect(closed.data).toMatchObject({ status: "closed", submittedToElm: true, elmError: null });
    const declaration = (await documentsOf(t.client, ofPayroll(t), periodId, { category: "ElmDeclaration" }))[0]!;
    expect(declaration).toMatchObject({ contentType: "application/xml", final: true });
    const xml = (await api.get(`${base}/payrunperiods/${periodId}/documents/${declaration.id}`, { token: t.token }))
      .text;
    const validation = await validateDeclareSalary(xml);
    expect(validation.messages).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(xml).toContain("756.9217.0769.85");

    let period = closed.data!;
    for (let i = 0; i < 100 && period.status !== "finalized"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      period = (
        await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}", {
          params: { path: { ...ofPayroll(t), payrunPeriodId: periodId } },
        })
      ).data!;
    }
    expect(period).toMatchObject({ status: "finalized", submittedToElm: true, transmittedAt: expect.any(String) });
    const receipts = await documentsOf(t.client, ofPayroll(t), periodId, { category: "ElmReceipt" });
    expect(receipts.length).toBeGreaterThan(1);
    expect(new Set(receipts.map((r) => r.name)).size).toBe(receipts.length);
    const db = await getDb();
    const finalized = await db
      .select()
      .from(events)
      .where(and(eq(events.tenantId, t.orgId), eq(events.type, "PayrunPeriodFinalized")));
    expect(finalized.map((e) => e.payload)).toEqual([
      { payrollId: t.payroll.id, payrunPeriodId: periodId, periodStart: "2026-01-01", periodEnd: "2026-01-31" },
    ]);
  });

  it("rebase deletes the periods with their documents; once live it is refused", async () => {
    const { t, base } = await example1();
    const january = (await closeOpen(t)).data!;
    const payslip = (await documentsOf(t.client, ofPayroll(t), january.id))[0]!;
    const rebased = await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/rebase", {
      params: { path: ofPayroll(t) },
      body: { accountingStartDate: "2026-03-01", confirm: true },
    });
    expect(rebased.response.status, JSON.stringify(rebased.error)).toBe(200);
    expect(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${payslip.id}`, { token: t.token })).status,
    ).toBe(404);
    await t.client.PUT("/tenants/{orgId}/payrolls/{payrollId}", {
      params: { path: ofPayroll(t) },
      body: { transmissionStartDate: "2026-03-01" },
    });
    expect(
      (await api.post(`${base}/rebase`, { accountingStartDate: "2026-04-01", confirm: true }, { token: t.token }))
        .status,
    ).toBe(409);
  });
});

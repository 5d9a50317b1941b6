import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { startJobWorker, stopJobWorker } from "@/server/job-worker";
import { api } from "../fixtures/api";
import { validateDeclareSalary } from "../fixtures/elm/validate";
import { example1 } from "../fixtures/example-payroll";
import { aPayroll, anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { pdfText } from "../fixtures/pdf";
import { changeSettings } from "../support/settings";

type Doc = {
  id: string;
  category: string;
  employeeId: string | null;
  name: string;
  contentType: string;
  final: boolean;
  createdAt: string;
};

const documentsOf = async (base: string, token: string, period = "open", query = "") => {
  const response = await api.get(`${base}/payrunperiods/${period}/documents${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body.items as Doc[];
};

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
    const docs = await documentsOf(base, t.token);
    expect(docs.map((d) => [d.category, d.contentType.split(";")[0], d.final, d.employeeId])).toEqual([
      ["Payslip", "application/pdf", false, employee.id],
      ["AccountingDocument", "application/pdf", false, null],
      ["AccountingDocument", "text/csv", false, null],
    ]);
    expect(await documentsOf(base, t.token, "open", `?employeeId=${employee.id}`)).toHaveLength(1);
    expect(await documentsOf(base, t.token, "open", "?category=AccountingDocument")).toHaveLength(2);
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

    const meta = await api.get(`${base}/payrunperiods/open/documents/${payslip.id}?format=json`, { token: t.token });
    expect(meta.body).toEqual(payslip);

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
    const before = await documentsOf(base, t.token);
    const january = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
    expect((await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).status).toBe(200);
    const after = await documentsOf(base, t.token, january.id);
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
    const february = await documentsOf(base, t.token);
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
    const january = (await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).body;
    const accounts = (await api.get(`${base}/lookups/values?limit=500&lookupName=Accounts`, { token: t.token })).body
      .items as { id: string; key: string }[];
    const clearing = accounts.find((a) => a.key === "1091")!;
    const renamed = await api.put(
      `/api/tenants/${t.orgId}/regulations/ChartOfAccountsKmu/lookups/Accounts/values/${clearing.id}`,
      { value: "Renamed clearing account" },
      { token: t.token },
    );
    expect(renamed.status, renamed.text).toBe(200);
    const [finalPdf] = await documentsOf(base, t.token, january.id, "?category=AccountingDocument");
    const closedText = pdfText(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${finalPdf!.id}`, { token: t.token })).bytes,
    );
    expect(closedText).toContain("Lohndurchlaufkonto");
    expect(closedText).not.toContain("Renamed clearing account");
    const [preview] = await documentsOf(base, t.token, "open", "?category=AccountingDocument");
    const openText = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${preview!.id}`, { token: t.token })).bytes,
    );
    expect(openText).toContain("Renamed clearing account");
  });

  it("lists an employee's payslips of every period, newest first, for the employee record", async () => {
    const { t, base, employee } = await example1();
    const january = (await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).body;
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
    await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    await post("Salary", employee.id, { MonthlySalary: "7000.00" }, "2026-01-01");
    const payslip = (await documentsOf(base, t.token, "open", "?category=Payslip"))[0]!;
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
    const certificate = (await documentsOf(base, t.token, "open", "?category=SalaryCertificate"))[0]!;
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
    const created = await api.post(
      `/api/tenants/${t.orgId}/payrolls/simple`,
      aPayroll({ accountingStartDate: "2026-12-01" }),
      { token: t.token },
    );
    expect(created.status, created.text).toBe(201);
    const base = `/api/tenants/${t.orgId}/payrolls/${created.body.id}`;
    const post = (caseName: string, employeeId: string | null, values: Record<string, string>) =>
      api.post(
        `${base}/cases`,
        {
          caseName,
          employeeId,
          values: Object.entries(values).map(([caseFieldName, value]) => ({
            caseFieldName,
            value,
            start: "2026-12-01",
          })),
        },
        { token: t.token },
      );
    const people: { id: string }[] = [];
    for (const [firstName, salary] of [
      ["Anna", "6500.00"],
      ["Bruno", "5000.00"],
    ] as const) {
      const employee = (
        await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName }), { token: t.token })
      ).body;
      await post("EmployeePersonalData", employee.id, {
        BirthDate: "1986-05-10",
        Sex: "female",
        AhvNumber: "756.9217.0769.85",
      });
      await post("Employment", employee.id, { EntryDate: "2026-12-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
      await post("Salary", employee.id, { SalaryType: "monthly", MonthlySalary: salary });
      people.push(employee);
    }
    const certificates = await documentsOf(base, t.token, "open", "?category=SalaryCertificate");
    expect(certificates.map((c) => c.employeeId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(certificates.every((c) => c.name.includes("2026"))).toBe(true);
    const bruno = certificates.find((c) => c.employeeId === people[1]!.id)!;
    const text = pdfText((await api.get(`${base}/payrunperiods/open/documents/${bruno.id}`, { token: t.token })).bytes);
    expect(text).toContain("Bruno Muster");
    expect(text).toContain("5'000"); // field 8, gross of December
  });

  it("Self Service sees only their own payslips; other callers' tenants see nothing", async () => {
    const { t, base, employee } = await example1();
    const colleague = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Bruno" }), { token: t.token })
    ).body;
    await api.post(
      `${base}/cases`,
      {
        caseName: "Employment",
        employeeId: colleague.id,
        values: [{ caseFieldName: "EntryDate", value: "2026-01-01", start: "2026-01-01" }],
      },
      { token: t.token },
    );
    const all = await documentsOf(base, t.token);
    const self = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
    const own = await documentsOf(base, self.token);
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
    expect(
      (
        await api.post(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/close`, undefined, {
          token: t.token,
        })
      ).status,
    ).toBe(200);
    // From the tenant alone: the payroll, its periods, the closed one's documents.
    const payrolls = await api.get(`/api/tenants/${t.orgId}/payrolls`, { token: self.token });
    expect(payrolls.status, payrolls.text).toBe(200);
    expect(payrolls.body.items.map((p: { id: string }) => p.id)).toEqual([t.payroll.id]);
    const base = `/api/tenants/${t.orgId}/payrolls/${payrolls.body.items[0].id}`;
    const periods = await api.get(`${base}/payrunperiods`, { token: self.token });
    expect(periods.status, periods.text).toBe(200);
    const january = periods.body.items.find((p: { periodStart: string }) => p.periodStart === "2026-01-01");
    expect(january).toMatchObject({ status: "closed" });
    expect((await api.get(`${base}/payrunperiods/${january.id}`, { token: self.token })).status).toBe(200);
    const own = await documentsOf(base, self.token, january.id);
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
    const live = await api.put(base, { transmissionStartDate: "2026-01-01" }, { token: t.token });
    expect(live.status, live.text).toBe(200);
    const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const periodId = closed.body.id as string;
    // The close submitted it (contract 6); the transmission itself runs in the background.
    expect(closed.body).toMatchObject({ status: "closed", submittedToElm: true, elmError: null });
    const declaration = (await documentsOf(base, t.token, periodId, "?category=ElmDeclaration"))[0]!;
    expect(declaration).toMatchObject({ contentType: "application/xml", final: true });
    const xml = (await api.get(`${base}/payrunperiods/${periodId}/documents/${declaration.id}`, { token: t.token }))
      .text;
    const validation = await validateDeclareSalary(xml);
    expect(validation.messages).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(xml).toContain("756.9217.0769.85");

    let period = closed.body;
    for (let i = 0; i < 100 && period.status !== "finalized"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      period = (await api.get(`${base}/payrunperiods/${periodId}`, { token: t.token })).body;
    }
    expect(period).toMatchObject({ status: "finalized", submittedToElm: true, transmittedAt: expect.any(String) });
    const receipts = await documentsOf(base, t.token, periodId, "?category=ElmReceipt");
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
    const january = (await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token })).body;
    const payslip = (await documentsOf(base, t.token, january.id))[0]!;
    const rebased = await api.post(
      `${base}/rebase`,
      { accountingStartDate: "2026-03-01", confirm: true },
      { token: t.token },
    );
    expect(rebased.status, rebased.text).toBe(200);
    expect(
      (await api.get(`${base}/payrunperiods/${january.id}/documents/${payslip.id}`, { token: t.token })).status,
    ).toBe(404);
    await api.put(base, { transmissionStartDate: "2026-03-01" }, { token: t.token });
    expect(
      (await api.post(`${base}/rebase`, { accountingStartDate: "2026-04-01", confirm: true }, { token: t.token }))
        .status,
    ).toBe(409);
  });
});

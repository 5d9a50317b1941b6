import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { payslipArchives } from "@/server/db/schema";
import { runDueJobs } from "@/server/job-worker";
import { api } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { pdfText } from "../fixtures/pdf";

/**
 * Polls the archive until it is done or failed, running due jobs as the worker would. The service's
 * own worker may have claimed the job already (runDueJobs then finds nothing), so wait between polls.
 */
async function settled(location: string, token: string) {
  let status = (await api.get(location, { token })).body;
  for (let polls = 0; status.status !== "done" && status.status !== "failed" && polls < 300; polls++) {
    await runDueJobs();
    status = (await api.get(location, { token })).body;
    if (status.status !== "done" && status.status !== "failed")
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

afterAll(async () => (await import("@/server/documents/pdf/pool")).closePdfPool());

type Doc = {
  id: string;
  category: string;
  employeeId: string | null;
  name: string;
  contentType: string;
  final: boolean;
};

/** Example 1 and a second employee, Beat Beispiel, paid 5,200.00. */
async function twoEmployees() {
  const example = await example1();
  const { t, post } = example;
  const second = (
    await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Beat", lastName: "Beispiel" }), {
      token: t.token,
    })
  ).body;
  await post("EmployeePersonalData", second.id, {
    BirthDate: "1990-02-01",
    Sex: "male",
    AhvNumber: "756.1234.5678.97",
  });
  await post("EmployeeBankAccount", second.id, { Iban: "CH5604835012345678009" });
  await post("Employment", second.id, { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "ZH" });
  await post("Salary", second.id, { SalaryType: "monthly", MonthlySalary: "5200.00" });
  return { ...example, second };
}

describe("every payslip of a period in one ZIP", () => {
  it(
    "answers 202 with where to poll, builds the ZIP in the background with one PDF per employee, kept as a document of the period",
    { timeout: 120_000 },
    async () => {
      const { t, base, employee, second } = await twoEmployees();
      const january = (await api.get(`${base}/payrunperiods/open`, { token: t.token })).body;
      const closed = await api.post(`${base}/payrunperiods/open/close`, undefined, { token: t.token });
      expect(closed.status, closed.text).toBe(200);
      const payslips = (
        await api.get(`${base}/payrunperiods/${january.id}/documents?category=Payslip`, { token: t.token })
      ).body.items as Doc[];
      expect(payslips.map((d) => d.employeeId).sort()).toEqual([employee.id, second.id].sort());

      const headers = { "idempotency-key": "zip-january-1" };
      const asked = await api.post(`${base}/payrunperiods/${january.id}/payslip-archives`, undefined, {
        token: t.token,
        headers,
      });
      expect(asked.status, asked.text).toBe(202);
      const location = asked.headers.get("location")!;
      expect(location).toBe(`${base}/payrunperiods/${january.id}/payslip-archives/${asked.body.id}`);
      expect(asked.body).toMatchObject({ status: "queued", done: 0, total: 0, documentId: null });

      // The same request again (a retry): the same answer, no second archive and so no second job.
      const again = await api.post(`${base}/payrunperiods/${january.id}/payslip-archives`, undefined, {
        token: t.token,
        headers,
      });
      expect(again.status).toBe(202);
      expect(again.headers.get("location")).toBe(location);
      expect(again.body.id).toBe(asked.body.id);
      const db = await getDb();
      expect(
        await db.select().from(payslipArchives).where(eq(payslipArchives.payrunPeriodId, january.id)),
      ).toHaveLength(1);

      expect((await api.get(location, { token: t.token })).body.status).toBe("queued");
      const status = await settled(location, t.token);
      expect(status).toMatchObject({ id: asked.body.id, status: "done", done: 2, total: 2 });
      expect(status.documentId).toEqual(expect.any(String));

      const docs = (await api.get(`${base}/payrunperiods/${january.id}/documents`, { token: t.token })).body
        .items as Doc[];
      const archive = docs.find((d) => d.id === status.documentId)!;
      expect(archive).toMatchObject({
        category: "PayslipArchive",
        contentType: "application/zip",
        employeeId: null,
        final: true,
      });
      expect(docs.at(-1)!.id).toBe(archive.id);

      const zip = await api.get(`${base}/payrunperiods/${january.id}/documents/${archive.id}`, { token: t.token });
      expect(zip.status).toBe(200);
      expect(zip.headers.get("content-type")).toBe("application/zip");
      const files = unzipSync(new Uint8Array(zip.bytes));
      expect(Object.keys(files).sort()).toEqual(payslips.map((d) => d.name).sort());
      const byName = new Map(payslips.map((d) => [d.name, d.employeeId]));
      for (const [name, bytes] of Object.entries(files)) {
        const text = pdfText(Buffer.from(bytes));
        expect(text).toContain(byName.get(name) === employee.id ? "Anna Muster" : "Beat Beispiel");
        expect(text).not.toMatch(/VORSCHAU|Vorschau/);
      }
    },
  );

  it(
    "of the open period holds the previews; another tenant sees none of it (404), Self Service may not ask (403)",
    { timeout: 120_000 },
    async () => {
      const { t, base, employee } = await twoEmployees();
      const asked = await api.post(`${base}/payrunperiods/open/payslip-archives`, undefined, { token: t.token });
      expect(asked.status, asked.text).toBe(202);
      const location = asked.headers.get("location")!;
      expect(location).not.toContain("/open/");

      const other = await tenantFixture();
      expect(
        (await api.post(`${base}/payrunperiods/open/payslip-archives`, undefined, { token: other.token })).status,
      ).toBe(404);
      expect((await api.get(location, { token: other.token })).status).toBe(404);
      const elsewhere = `/api/tenants/${other.orgId}/payrolls/${other.payroll.id}/payrunperiods/open/payslip-archives/${asked.body.id}`;
      expect((await api.get(elsewhere, { token: other.token })).body.code).toBe("payslip_archive.not_found");

      const self = await memberOf(t.orgId, "SelfService", { employeeId: employee.id });
      expect(
        (await api.post(`${base}/payrunperiods/open/payslip-archives`, undefined, { token: self.token })).status,
      ).toBe(403);
      expect((await api.get(location, { token: self.token })).status).toBe(403);

      const status = await settled(location, t.token);
      expect(status).toMatchObject({ status: "done", done: 2, total: 2 });
      const docs = (await api.get(`${base}/payrunperiods/open/documents`, { token: t.token })).body.items as Doc[];
      expect(docs.find((d) => d.id === status.documentId)).toMatchObject({ category: "PayslipArchive", final: false });
      // Self Service does not see the archive among the period's documents, nor download it.
      expect(
        ((await api.get(`${base}/payrunperiods/open/documents`, { token: self.token })).body.items as Doc[]).map(
          (d) => d.category,
        ),
      ).toEqual(["Payslip"]);
      expect(
        (await api.get(`${base}/payrunperiods/open/documents/${status.documentId}`, { token: self.token })).status,
      ).toBe(404);
      const files = unzipSync(
        new Uint8Array(
          (await api.get(`${base}/payrunperiods/open/documents/${status.documentId}`, { token: t.token })).bytes,
        ),
      );
      expect(Object.keys(files)).toHaveLength(2);
      expect(pdfText(Buffer.from(Object.values(files)[0]!))).toMatch(/VORSCHAU|Vorschau/);
    },
  );
});

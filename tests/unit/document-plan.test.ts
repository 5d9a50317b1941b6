import { describe, expect, it } from "vitest";
import { plannedDocuments } from "@/server/documents/plan";

const period = (start: string, end: string) => ({
  id: "0193a0a0-0000-7000-8000-000000000001",
  periodStart: start,
  periodEnd: end,
});
const staff = [
  { employeeId: "e-2", identifier: "10", exitDate: null },
  { employeeId: "e-1", identifier: "9", exitDate: "2026-03-15" },
];

describe("the documents of a period", () => {
  it("has a payslip per employee (by identifier), the accounting document as PDF and CSV, and certificates for exits", () => {
    const march = plannedDocuments({ period: period("2026-03-01", "2026-03-31"), entries: staff });
    expect(march.map((d) => [d.category, d.employeeId, d.name])).toEqual([
      ["Payslip", "e-1", "payslip-2026-03-9.pdf"],
      ["Payslip", "e-2", "payslip-2026-03-10.pdf"],
      ["AccountingDocument", null, "accounting-2026-03.pdf"],
      ["AccountingDocument", null, "accounting-2026-03.csv"],
      ["SalaryCertificate", "e-1", "salary-certificate-2026-9.pdf"],
    ]);
  });

  it("has a salary certificate for everyone in December", () => {
    const december = plannedDocuments({ period: period("2026-12-01", "2026-12-31"), entries: staff });
    expect(december.filter((d) => d.category === "SalaryCertificate").map((d) => d.employeeId)).toEqual(["e-1", "e-2"]);
  });

  it("gives a document the same id whenever it is planned, and different documents different ids", () => {
    const once = plannedDocuments({ period: period("2026-03-01", "2026-03-31"), entries: staff });
    const again = plannedDocuments({ period: period("2026-03-01", "2026-03-31"), entries: [...staff].reverse() });
    expect(again.map((d) => d.id)).toEqual(once.map((d) => d.id));
    expect(new Set(once.map((d) => d.id)).size).toBe(once.length);
  });
});

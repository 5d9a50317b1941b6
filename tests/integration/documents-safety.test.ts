import { describe, expect, it, vi } from "vitest";
import { api } from "../fixtures/api";
import { example1 } from "../fixtures/example-payroll";
import { pdfText } from "../fixtures/pdf";

// Each test makes a payroll and renders PDFs: on a shared, busy machine that takes longer than the default.
vi.setConfig({ testTimeout: 120_000 });

type Doc = {
  id: string;
  category: string;
  employeeId: string | null;
  name: string;
  contentType: string;
  final: boolean;
};

const documentsOf = async (base: string, token: string, period = "open") => {
  const response = await api.get(`${base}/payrunperiods/${period}/documents`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body.items as Doc[];
};

/** RFC 6266: `inline|attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>`; returns both names. */
function dispositionOf(header: string | null) {
  expect(header).not.toBeNull();
  const match =
    /^(?:attachment|inline); filename="((?:[\x20-\x21\x23-\x5b\x5d-\x7e])*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(
      header!,
    );
  expect(match, header!).not.toBeNull();
  return { fallback: match![1]!, name: decodeURIComponent(match![2]!) };
}

/** The CSV's rows as cells (semicolons, RFC 4180 quotes, CRLF). */
function csvRows(csv: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ";") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && csv[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe("a name never breaks a document (issue 9, item 7)", () => {
  it("an identifier with a quote, an umlaut and an emoji: every document downloads with an RFC 6266 file name", async () => {
    const identifier = `1001 "Ä" 😀 ${Math.random().toString(36).slice(2, 6)}`;
    const { t, base, post, employee } = await example1({ employee: { identifier } });
    // Leaving in January gives the salary certificate too.
    await post("Employment", employee.id, { ExitDate: "2026-01-31" });
    const docs = await documentsOf(base, t.token);
    expect(docs.map((d) => d.category).sort()).toEqual([
      "AccountingDocument",
      "AccountingDocument",
      "Payslip",
      "SalaryCertificate",
    ]);
    for (const doc of docs) {
      const response = await api.get(`${base}/payrunperiods/open/documents/${doc.id}`, { token: t.token });
      expect(response.status, `${doc.category}: ${response.text.slice(0, 300)}`).toBe(200);
      const { fallback, name } = dispositionOf(response.headers.get("content-disposition"));
      expect(name).toBe(doc.name);
      expect(fallback).toMatch(/^[\x20-\x7e]+$/);
      expect(fallback.endsWith(doc.name.slice(doc.name.lastIndexOf(".")))).toBe(true);
      if (doc.employeeId) {
        expect(doc.name).toContain(identifier);
        expect(fallback).toContain("1001");
        expect(pdfText(response.bytes)).toContain('1001 "Ä"');
      }
    }
  });
});

/**
 * Example 1's employee with what the hostile run sent (a spreadsheet formula as a surname), and a
 * plain long first name and street.
 */
async function longNamedEmployee() {
  const lastName = `=cmd|'/C calc'!A0${"x".repeat(60)}!A0`;
  const firstName = "Anna-Maria-Josefina-Theresia-Margaretha";
  const street = "Hohenzollern-Sigmaringen-Strasse-der-Langen-Namen";
  const example = await example1({ employee: { firstName, lastName } });
  await example.post("EmployeeAddress", example.employee.id, {
    Street: street,
    HouseNumber: "12a",
    PostalCode: "8001",
    City: "Zürich",
  });
  return { ...example, firstName, lastName, street };
}

describe("the payslip's address window shows the whole name (issue 38, item 6.4)", () => {
  it("a long name without spaces wraps inside the window: no character is dropped, none added", async () => {
    const { t, base, firstName, lastName, street } = await longNamedEmployee();
    const payslip = (await documentsOf(base, t.token)).find((d) => d.category === "Payslip")!;
    const response = await api.get(`${base}/payrunperiods/open/documents/${payslip.id}`, { token: t.token });
    expect(response.status).toBe(200);
    const text = pdfText(response.bytes);
    const lines = text.split("\n").map((line) => line.trim());
    // The window's lines run from the name to the town; joined, they are the name and the address again.
    const start = lines.findIndex((line) => firstName.startsWith(line) && line.length > 3);
    const end = lines.findIndex((line) => line.endsWith("8001 Zürich"));
    expect(start, text).toBeGreaterThanOrEqual(0);
    expect(end, text).toBeGreaterThan(start);
    const window = lines.slice(start, end + 1);
    expect(window.length, text).toBeGreaterThan(3);
    expect(window.join("").replace(/ /g, ""), text).toBe(
      `${firstName}${lastName}${street}12a8001Zürich`.replace(/ /g, ""),
    );
    // ... that is, the name wrapped; the last characters are there, and no hyphen was added at a break.
    expect(text).toContain("!A0");
    expect(
      window.filter((line) => line.endsWith("-")),
      text,
    ).toEqual([]);
  });
});

describe("the salary certificate's address box H shows the whole name (issue 38, item 6)", () => {
  it("a long name without spaces wraps inside the box: no character is dropped, none added", async () => {
    const { t, base, post, employee, firstName, lastName, street } = await longNamedEmployee();
    // Leaving in January gives the salary certificate.
    await post("Employment", employee.id, { ExitDate: "2026-01-31" });
    const certificate = (await documentsOf(base, t.token)).find((d) => d.category === "SalaryCertificate")!;
    const response = await api.get(`${base}/payrunperiods/open/documents/${certificate.id}`, { token: t.token });
    expect(response.status).toBe(200);
    const text = pdfText(response.bytes);
    const lines = text.split("\n");
    // Box H sits right of the boxes F and G: its lines run from the name to the town, in the column
    // where the name begins; joined, they are the name and the address again.
    const start = lines.findIndex((line) => line.includes(firstName));
    expect(start, text).toBeGreaterThanOrEqual(0);
    const column = lines[start]!.indexOf(firstName);
    const end = lines.findIndex((line, i) => i > start && line.trimEnd().endsWith("8001 Zürich"));
    expect(end, text).toBeGreaterThan(start);
    const box = lines.slice(start, end + 1).map((line) => line.slice(column).trim());
    expect(box.length, text).toBeGreaterThan(3);
    expect(box.join("").replace(/ /g, ""), text).toBe(
      `${firstName}${lastName}${street}12a8001Zürich`.replace(/ /g, ""),
    );
    expect(
      box.filter((line) => line.endsWith("-")),
      text,
    ).toEqual([]);
  });
});

describe("the accounting CSV and PDF with cost centers (issue 9, item 15)", () => {
  it("fills the CostCenter column when every employee has one, as an inert text cell, and the PDF names it", async () => {
    const { t, base, post, employee } = await example1();
    const key = '=HYPERLINK("http://x","y")';
    const created = await api.post(
      `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`,
      { key, value: "@Office" },
      { token: t.token },
    );
    expect(created.status, created.text).toBe(201);
    await post("CostCenter", employee.id, { CostCenter: key });
    const docs = await documentsOf(base, t.token);
    const csvDoc = docs.find((d) => d.contentType.startsWith("text/csv"))!;
    const csv = await api.get(`${base}/payrunperiods/open/documents/${csvDoc.id}`, { token: t.token });
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = csvRows(csv.text);
    const column = header!.indexOf("CostCenter");
    const amount = header!.indexOf("Amount");
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row[column]).toBe(`'${key}`);
      // Amounts are numbers: never prefixed.
      expect(row[amount]).toMatch(/^\d+\.\d{2}$/);
    }
    // No cell of the file begins with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const pdfDoc = docs.find((d) => d.category === "AccountingDocument" && d.contentType === "application/pdf")!;
    const text = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${pdfDoc.id}`, { token: t.token })).bytes,
    );
    expect(text).toContain(`Kostenstelle ${key} @Office`);
  });
});

describe("the payslip's figures say what they are (issue 9, item 24)", () => {
  it("no withholding-tax wage without withholding tax, and the BVG base is labelled as annual", async () => {
    const { t, base } = await example1();
    const payslip = (await documentsOf(base, t.token)).find((d) => d.category === "Payslip")!;
    const text = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${payslip.id}`, { token: t.token })).bytes,
    );
    expect(text).not.toContain("Quellensteuerpflichtiger Lohn");
    // BVG (78,000 - 26,460) = 51,540 coordinated annual salary; 214.75 a month.
    const bvg = text.split("\n").find((line) => line.includes("BVG Arbeitnehmende"));
    expect(bvg).toContain("51'540.00");
    expect(bvg).toContain("214.75");
    expect(bvg).toContain("(Basis: koordinierter Jahreslohn)");
  });

  it("the withholding-tax wage is shown for an employee taxed at source", async () => {
    const { t, base, post, employee } = await example1();
    await post("WithholdingTax", employee.id, { TaxAtSourceTariff: "A0N", TaxAtSourceCanton: "ZH" });
    const payslip = (await documentsOf(base, t.token)).find((d) => d.category === "Payslip")!;
    const text = pdfText(
      (await api.get(`${base}/payrunperiods/open/documents/${payslip.id}`, { token: t.token })).bytes,
    );
    expect(text).toContain("Quellensteuer");
    expect(text).toContain("Quellensteuerpflichtiger Lohn");
  });
});

import { describe, expect, it } from "vitest";
import { csvRow, csvText } from "@/server/accounting/csv";
import { asciiFallback, attachmentDisposition } from "@/server/documents/content-disposition";

describe("Content-Disposition of document downloads (RFC 6266, filename*)", () => {
  it("keeps an ASCII name as it is", () => {
    expect(attachmentDisposition("payslip-2026-01-1001.pdf")).toBe(
      `attachment; filename="payslip-2026-01-1001.pdf"; filename*=UTF-8''payslip-2026-01-1001.pdf`,
    );
  });

  it("a quote, an umlaut, an emoji, a backslash and a percent sign cannot break the header", () => {
    const name = `payslip-2026-01-1001 "Ä" 😀 a\\b 100%.pdf`;
    const header = attachmentDisposition(name);
    // A header value carries Latin-1 only: this is what made the download a 500.
    expect(() => new Headers({ "content-disposition": header })).not.toThrow();
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(asciiFallback(name)).toBe("payslip-2026-01-1001 _A_ _ a_b 100_.pdf");
    const encoded = /filename\*=UTF-8''(\S+)$/.exec(header)![1]!;
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(encoded)).toBe(name);
  });

  it("a name of nothing printable still has a file name, and a lone surrogate is no error", () => {
    expect(asciiFallback("😀")).toBe("document");
    expect(() => attachmentDisposition("a\uD800b.pdf")).not.toThrow();
  });
});

describe("CSV cells are inert in spreadsheets (contract 9d)", () => {
  it("prefixes text that begins with = + - @, a tab or a carriage return", () => {
    for (const value of ['=HYPERLINK("http://x","y")', "+41 79", "-1+2", "@SUM(A1)", "\tx", "\rx", "-120.50"])
      expect(csvText(value)).toBe(`'${value}`);
    for (const value of ["Office", "100", "5000 Monatslohn", " =not a formula", ""]) expect(csvText(value)).toBe(value);
  });

  it("amounts are numbers: a negative amount stays a plain number, a text that looks like one is text", () => {
    expect(csvRow([{ amount: -12050 }, "-120.50", { amount: 650000 }])).toBe("-120.50;'-120.50;6500.00\r\n");
    expect(csvRow(['=HYPERLINK("http://x","y")', "a;b"])).toBe(`"'=HYPERLINK(""http://x"",""y"")";"a;b"\r\n`);
  });
});

import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatDate,
  formatInstant,
  formatMonth,
  parseDateInput,
  plainNumberInput,
} from "@/components/format/swiss";
import { localeOfCulture, negotiateLocale } from "@/i18n/locales";

describe("the person's language", () => {
  it("follows the browser's Accept-Language by quality, then order; anything unknown or malformed falls back to de-CH", () => {
    expect(negotiateLocale("fr-CH,fr;q=0.9,en;q=0.8")).toBe("fr-CH");
    expect(negotiateLocale("en-US,en;q=0.9")).toBe("en-CH");
    expect(negotiateLocale("ja;q=1, it;q=0.5, de;q=0.7")).toBe("de-CH");
    expect(negotiateLocale("rm-CH, it-CH;q=0.1")).toBe("it-CH");
    expect(negotiateLocale("fr;q=0, en;q=0.2")).toBe("en-CH");
    for (const hostile of [null, "", "*", ";;;,,,", "de\u0000", "=cmd|' /C calc'!A0", "😀-CH", "x".repeat(10_000)]) {
      expect(negotiateLocale(hostile), String(hostile).slice(0, 20)).toBe("de-CH");
    }
  });

  it("maps a culture by its language: fr-FR reads French, rm-CH and garbage read German", () => {
    expect(localeOfCulture("fr-FR")).toBe("fr-CH");
    expect(localeOfCulture("it")).toBe("it-CH");
    expect(localeOfCulture("en-GB")).toBe("en-CH");
    expect(localeOfCulture("rm-CH")).toBe("de-CH");
    expect(localeOfCulture(null)).toBe("de-CH");
  });
});

describe("Swiss formats", () => {
  it("writes amounts from their exact text or Rappen as 1'234.50 in every culture, French included (contract 9c)", () => {
    expect(formatAmount("1234.5", "de-CH")).toBe("1'234.50");
    expect(formatAmount(123450, "it-CH")).toBe("1'234.50");
    expect(formatAmount("-1234567.05", "en-CH")).toBe("-1'234'567.05");
    expect(formatAmount("1234.50", "fr-CH")).toBe("1'234.50");
    expect(formatAmount("-0.00", "de-CH")).toBe("0.00");
    expect(formatAmount(-5, "de-CH")).toBe("-0.05");
    // Beyond what a float holds exactly: the text is kept digit for digit.
    expect(formatAmount("90071992547409930.01", "de-CH")).toBe("90'071'992'547'409'930.01");
    expect(formatAmount("1234.50", "de-CH", { decimals: false })).toBe("1'234");
    expect(formatAmount("not an amount", "de-CH")).toBe("not an amount");
  });

  it("writes dates as 31.01.2026 and instants in Zurich time", () => {
    expect(formatDate("2026-01-31")).toBe("31.01.2026");
    expect(formatInstant("2026-06-30T22:30:00Z")).toBe("01.07.2026 00:30");
    expect(formatMonth("2026-01-01", "de-CH")).toBe("Januar 2026");
    expect(formatMonth("2026-01-01", "fr-CH")).toBe("janvier 2026");
  });

  it("reads typed dates 31.01.2026, 31.1.2026 and 2026-01-31, and refuses dates that do not exist", () => {
    expect(parseDateInput("31.01.2026")).toBe("2026-01-31");
    expect(parseDateInput(" 1.2.2026 ")).toBe("2026-02-01");
    expect(parseDateInput("2026-01-31")).toBe("2026-01-31");
    for (const bad of ["31.02.2026", "29.02.2025", "2026-13-01", "31/01/2026", "", "=1+1", "31.01.2026\u0000"])
      expect(parseDateInput(bad), bad).toBeNull();
    expect(parseDateInput("29.02.2028")).toBe("2028-02-29");
  });
});

describe("numbers typed back as the screens show them", () => {
  it("leaves out grouping apostrophes and spaces, reads a decimal comma, and leaves the rest for the check", () => {
    expect(plainNumberInput("6'600.00")).toBe("6600.00");
    expect(plainNumberInput(" 6’600.50 ")).toBe("6600.50");
    expect(plainNumberInput("6\u202f600,50")).toBe("6600.50");
    expect(plainNumberInput("6 600")).toBe("6600");
    expect(plainNumberInput("5,3")).toBe("5.3");
    expect(plainNumberInput("6,600.50")).toBe("6600.50");
    expect(plainNumberInput("-12.5")).toBe("-12.5");
    expect(plainNumberInput("abc")).toBe("abc");
    expect(plainNumberInput("1.2.3")).toBe("1.2.3");
  });
});

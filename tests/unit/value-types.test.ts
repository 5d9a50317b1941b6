import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/server/regulations/catalog/countries";
import {
  CANTON_CODES,
  checkAhvNumber,
  checkIban,
  checkUid,
  ean13CheckDigit,
  formatIbanForPrint,
  ibanMod97,
  isQrIban,
  uidCheckDigit,
} from "@/server/regulations/catalog/identifiers";
import { CASE_VALUE_TYPES, compareDecimals, parseCaseValue } from "@/server/regulations/catalog/value-types";

const ok = (value: string) => ({ ok: true, value });
const message = (result: { ok: boolean; message?: string }) => (result.ok ? null : result.message);

describe("AHV number (AHVN13, EAN-13 check digit)", () => {
  it("computes the check digit by hand", () => {
    // 756.9217.0769.85: digits 7 5 6 9 2 1 7 0 7 6 9 8, weights 1 3 1 3 ...
    // 7 + 15 + 6 + 27 + 2 + 3 + 7 + 0 + 7 + 18 + 9 + 24 = 125; (10 - 125 mod 10) mod 10 = 5
    expect(ean13CheckDigit("756921707698")).toBe(5);
    // 756.1234.5678.9?: 7 + 15 + 6 + 3 + 2 + 9 + 4 + 15 + 6 + 21 + 8 + 27 = 123 -> 7
    expect(ean13CheckDigit("756123456789")).toBe(7);
  });

  it("accepts valid numbers with or without dots and normalizes to the dotted form", () => {
    expect(checkAhvNumber("756.9217.0769.85")).toEqual(ok("756.9217.0769.85"));
    expect(checkAhvNumber("7569217076985")).toEqual(ok("756.9217.0769.85"));
    expect(checkAhvNumber(" 756 9217 0769 85 ")).toEqual(ok("756.9217.0769.85"));
    for (const valid of ["756.3598.1127.37", "756.6417.0995.23", "756.1234.5678.97"])
      expect(checkAhvNumber(valid).ok, valid).toBe(true);
  });

  it("refuses a wrong check digit, a wrong prefix and a wrong shape, saying which", () => {
    expect(message(checkAhvNumber("756.1234.5678.90"))).toMatch(/check digit does not match/);
    expect(message(checkAhvNumber("756.9217.0769.84"))).toMatch(/not a valid AHV number/);
    // The message never gives away the digit that would fit (issue 9, item 20).
    for (const wrong of ["756.1234.5678.90", "756.9217.0769.84"])
      expect(message(checkAhvNumber(wrong))).not.toMatch(/should be|\b[0-9]\.$/);
    expect(message(checkAhvNumber("755.9217.0769.85"))).toMatch(/start with 756/);
    expect(message(checkAhvNumber("756.92170.769.85"))).toMatch(/756\.dddd\.dddd\.dd/);
    expect(checkAhvNumber("756921707698").ok).toBe(false);
  });
});

describe("IBAN (mod-97) and QR-IBAN", () => {
  it("checks mod-97 and normalizes spaces and case", () => {
    expect(ibanMod97("CH9300762011623852957")).toBe(1);
    expect(checkIban("CH93 0076 2011 6238 5295 7")).toEqual(ok("CH9300762011623852957"));
    expect(checkIban("ch9300762011623852957")).toEqual(ok("CH9300762011623852957"));
    expect(checkIban("CH5604835012345678009").ok).toBe(true);
    expect(checkIban("DE89370400440532013000").ok).toBe(true);
    expect(checkIban("GB82WEST12345698765432").ok).toBe(true);
    expect(formatIbanForPrint("CH9300762011623852957")).toBe("CH93 0076 2011 6238 5295 7");
  });

  it("refuses a wrong check, a wrong length, an unknown country", () => {
    expect(message(checkIban("CH9300762011623852958"))).toMatch(/mod-97/);
    expect(message(checkIban("CH930076201162385295"))).toMatch(/21 characters/);
    expect(message(checkIban("ZZ9300762011623852957"))).toMatch(/not a country code/);
    expect(message(checkIban("CH93-0076"))).toMatch(/not an IBAN/);
  });

  it("detects QR-IBANs (CH/LI, IID 30000-31999) and refuses them for salary accounts", () => {
    expect(isQrIban("CH4431999123000889012")).toBe(true);
    expect(isQrIban("CH44 3199 9123 0008 8901 2")).toBe(true);
    expect(isQrIban("CH9300762011623852957")).toBe(false);
    expect(checkIban("CH4431999123000889012").ok).toBe(true);
    expect(message(checkIban("CH4431999123000889012", { refuseQrIban: true }))).toMatch(/QR-IBAN/);
    expect(parseCaseValue("iban", "CH4431999123000889012", { refuseQrIban: true }).ok).toBe(false);
  });
});

describe("UID (CHE, modulo 11)", () => {
  it("computes the check digit by hand", () => {
    // CHE-999.999.996: 9 x (5+4+3+2+7+6+5+4) = 9 x 36 = 324; 324 mod 11 = 5; 11 - 5 = 6
    expect(uidCheckDigit("99999999")).toBe(6);
    // CHE-123.456.78?: 5 + 8 + 9 + 8 + 35 + 36 + 35 + 32 = 168; 168 mod 11 = 3; 11 - 3 = 8
    expect(uidCheckDigit("12345678")).toBe(8);
  });

  it("accepts the usual spellings and normalizes", () => {
    expect(checkUid("CHE-999.999.996")).toEqual(ok("CHE-999.999.996"));
    expect(checkUid("che999999996")).toEqual(ok("CHE-999.999.996"));
    expect(checkUid("CHE-123.456.788")).toEqual(ok("CHE-123.456.788"));
    expect(message(checkUid("CHE-999.999.995"))).toMatch(/check digit does not match/);
    expect(message(checkUid("CHE-999.999.995"))).not.toMatch(/should be|6\./);
    expect(message(checkUid("CHE-999.999"))).toMatch(/CHE-ddd/);
  });
});

describe("case value types", () => {
  it("covers every type of the contract", () => {
    expect(CASE_VALUE_TYPES).toEqual(
      expect.arrayContaining([
        "text",
        "date",
        "decimal",
        "integer",
        "money",
        "percent",
        "boolean",
        "lookup",
        "iban",
        "ahvNumber",
        "uid",
        "canton",
        "country",
        "enum",
        "taxAtSourceTariff",
        "bfsNumber",
      ]),
    );
  });

  it("reads strings, numbers and booleans into one normalized string", () => {
    expect(parseCaseValue("money", "6500")).toEqual(ok("6500.00"));
    expect(parseCaseValue("money", 6500.5)).toEqual(ok("6500.50"));
    expect(parseCaseValue("percent", "5.30")).toEqual(ok("5.3"));
    expect(parseCaseValue("percent", 5.3)).toEqual(ok("5.3"));
    expect(parseCaseValue("decimal", "042.500")).toEqual(ok("42.5"));
    expect(parseCaseValue("decimal", "-0.0")).toEqual(ok("0"));
    expect(parseCaseValue("integer", 2)).toEqual(ok("2"));
    expect(parseCaseValue("integer", "007")).toEqual(ok("7"));
    expect(parseCaseValue("boolean", true)).toEqual(ok("true"));
    expect(parseCaseValue("boolean", "FALSE")).toEqual(ok("false"));
    expect(parseCaseValue("date", "2026-01-01")).toEqual(ok("2026-01-01"));
    expect(parseCaseValue("text", "  Bahnhofstrasse 1 ")).toEqual(ok("Bahnhofstrasse 1"));
    expect(parseCaseValue("canton", "zh")).toEqual(ok("ZH"));
    expect(parseCaseValue("country", "ch")).toEqual(ok("CH"));
    expect(parseCaseValue("taxAtSourceTariff", "a0n")).toEqual(ok("A0N"));
    expect(parseCaseValue("bfsNumber", "0261")).toEqual(ok("261"));
    expect(parseCaseValue("bfsNumber", 261)).toEqual(ok("261"));
    expect(parseCaseValue("ahvNumber", "7569217076985")).toEqual(ok("756.9217.0769.85"));
    expect(parseCaseValue("uid", "CHE999999996")).toEqual(ok("CHE-999.999.996"));
    expect(parseCaseValue("enum", "monthly", { options: ["monthly", "hourly"] })).toEqual(ok("monthly"));
    expect(parseCaseValue("lookup", "CC-100", { lookupKeys: ["CC-100", "CC-200"] })).toEqual(ok("CC-100"));
  });

  it("says precisely what is wrong", () => {
    expect(message(parseCaseValue("money", "6500.001"))).toMatch(/more than two decimals/);
    expect(message(parseCaseValue("money", 0.1 + 0.2))).toMatch(/more than two decimals/);
    expect(message(parseCaseValue("date", "2026-02-29"))).toMatch(/not a calendar date/);
    expect(message(parseCaseValue("date", "01.01.2026"))).toMatch(/YYYY-MM-DD/);
    expect(message(parseCaseValue("date", 20260101))).toMatch(/YYYY-MM-DD/);
    expect(message(parseCaseValue("integer", "2.5"))).toMatch(/whole number/);
    expect(message(parseCaseValue("decimal", "1e3"))).toMatch(/not a decimal/);
    expect(message(parseCaseValue("percent", "5,3"))).toMatch(/percent units/);
    expect(message(parseCaseValue("boolean", "yes"))).toMatch(/"true" or "false"/);
    expect(message(parseCaseValue("boolean", 1))).toMatch(/"true" or "false"/);
    expect(message(parseCaseValue("canton", "XX"))).toMatch(/not a canton/);
    expect(message(parseCaseValue("country", "XX"))).toMatch(/ISO 3166-1/);
    expect(message(parseCaseValue("taxAtSourceTariff", "A10N"))).toMatch(/tariff code/);
    expect(message(parseCaseValue("taxAtSourceTariff", "A0X"))).toMatch(/tariff code/);
    expect(message(parseCaseValue("bfsNumber", "12345"))).toMatch(/BFS/);
    expect(message(parseCaseValue("bfsNumber", "0"))).toMatch(/BFS/);
    expect(message(parseCaseValue("enum", "weekly", { options: ["monthly", "hourly"] }))).toMatch(/monthly, hourly/);
    expect(message(parseCaseValue("lookup", "CC-999", { lookupKeys: ["CC-100"] }))).toMatch(/CC-100/);
    expect(message(parseCaseValue("text", "   "))).toMatch(/empty/);
    expect(message(parseCaseValue("text", "x".repeat(11), { maxLength: 10 }))).toMatch(/at most 10/);
    expect(message(parseCaseValue("money", null))).toMatch(/required/);
    expect(message(parseCaseValue("text", { a: 1 }))).toMatch(/JSON string/);
    expect(message(parseCaseValue("ahvNumber", "756.1234.5678.90"))).toMatch(/check digit/);
  });

  it("checks bounds exactly", () => {
    expect(parseCaseValue("percent", "100", { min: "0", max: "100" }).ok).toBe(true);
    expect(message(parseCaseValue("percent", "100.0001", { min: "0", max: "100" }))).toMatch(
      /above the maximum of 100/,
    );
    expect(message(parseCaseValue("money", "-0.05", { min: "0" }))).toMatch(/below the minimum/);
    expect(compareDecimals("6500.00", "6500")).toBe(0);
    expect(compareDecimals("-1.5", "-1.25")).toBe(-1);
    expect(compareDecimals("10", "9.99")).toBe(1);
  });

  it("knows the 26 cantons and the ISO countries", () => {
    expect(CANTON_CODES).toHaveLength(26);
    expect(new Set(CANTON_CODES).size).toBe(26);
    expect(COUNTRY_CODES).toHaveLength(249);
    for (const code of ["CH", "LI", "DE", "FR", "IT", "AT"]) expect(COUNTRY_CODES).toContain(code);
  });
});

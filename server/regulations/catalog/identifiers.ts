import { isCountryCode } from "./countries";

/** Result of reading an identifier: the normalized form or a message that says what is wrong. */
export type Checked = { ok: true; value: string } | { ok: false; message: string };

// ---------------------------------------------------------------------------------------------
// AHV number (AHVN13): 756.dddd.dddd.dc, EAN-13 check digit.
// ---------------------------------------------------------------------------------------------

/** EAN-13 check digit of 12 digits: weights 1, 3, 1, 3 ... from the left; (10 - sum mod 10) mod 10. */
export function ean13CheckDigit(twelveDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Accepts "756.9217.0769.85" or "7569217076985" (spaces ignored); normalizes to the dotted form. */
export function checkAhvNumber(input: string): Checked {
  const compact = input.replace(/\s+/g, "");
  const dotted = /^(\d{3})\.(\d{4})\.(\d{4})\.(\d{2})$/.exec(compact);
  const digits = dotted ? dotted.slice(1).join("") : /^\d{13}$/.test(compact) ? compact : null;
  if (!digits)
    return { ok: false, message: `"${input}" is not an AHV number; write it as 756.dddd.dddd.dd (13 digits).` };
  if (!digits.startsWith("756"))
    return { ok: false, message: `"${input}" is not an AHV number: it must start with 756 (the Swiss country code).` };
  const expected = ean13CheckDigit(digits);
  // Never say which digit would fit: a typo anywhere would then be "fixed" into someone else's valid number.
  if (Number(digits[12]) !== expected)
    return {
      ok: false,
      message: `"${input}" is not a valid AHV number: its check digit does not match. Check the number against the AHV card.`,
    };
  return { ok: true, value: `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}` };
}

// ---------------------------------------------------------------------------------------------
// IBAN: ISO 13616, mod-97; QR-IBAN (CH/LI with IID 30000-31999).
// ---------------------------------------------------------------------------------------------

/**
 * IBAN lengths of the countries a Swiss payroll meets most (SWIFT IBAN registry). Other countries
 * are checked against the general limits (15-34 characters) and the mod-97 check only.
 */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  CH: 21,
  LI: 21,
  DE: 22,
  AT: 20,
  FR: 27,
  IT: 27,
  ES: 24,
  PT: 25,
  NL: 18,
  BE: 16,
  LU: 20,
  GB: 22,
  IE: 22,
  DK: 18,
  SE: 24,
  NO: 15,
  FI: 18,
  IS: 26,
  PL: 28,
  CZ: 24,
  SK: 24,
  HU: 28,
  SI: 19,
  HR: 21,
  GR: 27,
  MC: 27,
  SM: 27,
  VA: 22,
  RO: 24,
  BG: 22,
  EE: 20,
  LV: 21,
  LT: 20,
  MT: 31,
  CY: 28,
  TR: 26,
};

/** The remainder of the IBAN's number mod 97 (letters A=10 ... Z=35, first four characters moved to the end). */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The IBAN without spaces, in upper case. */
export function compactIban(input: string) {
  return input.replace(/\s+/g, "").toUpperCase();
}

/**
 * A QR-IBAN is a Swiss or Liechtenstein IBAN whose institution id (IID, characters 5-9) lies in
 * 30000-31999. It accepts only payments with a QR reference, so it cannot receive a salary.
 */
export function isQrIban(input: string): boolean {
  const iban = compactIban(input);
  if (!/^(CH|LI)\d{7}/.test(iban)) return false;
  const iid = Number(iban.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

export function checkIban(input: string, options: { refuseQrIban?: boolean } = {}): Checked {
  const iban = compactIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) {
    return {
      ok: false,
      message: `"${input}" is not an IBAN: it starts with a country code and two check digits, then letters and digits (e.g. CH93 0076 2011 6238 5295 7).`,
    };
  }
  const country = iban.slice(0, 2);
  if (!isCountryCode(country))
    return { ok: false, message: `"${input}" is not an IBAN: ${country} is not a country code.` };
  const length = IBAN_LENGTH[country];
  if (length !== undefined && iban.length !== length) {
    return {
      ok: false,
      message: `"${input}" is not a valid IBAN: an IBAN of ${country} has ${length} characters, this one has ${iban.length}.`,
    };
  }
  if (length === undefined && (iban.length < 15 || iban.length > 34)) {
    return {
      ok: false,
      message: `"${input}" is not a valid IBAN: an IBAN has 15 to 34 characters, this one has ${iban.length}.`,
    };
  }
  if (ibanMod97(iban) !== 1)
    return {
      ok: false,
      message: `"${input}" is not a valid IBAN: its check digits do not match (mod-97 check failed).`,
    };
  if (options.refuseQrIban && isQrIban(iban)) {
    return {
      ok: false,
      message: `"${input}" is a QR-IBAN (institution id ${iban.slice(4, 9)}, in 30000-31999): it only accepts payments with a QR reference and cannot receive a salary. Use the account's ordinary IBAN.`,
    };
  }
  return { ok: true, value: iban };
}

/** An IBAN in groups of four for print: "CH93 0076 2011 6238 5295 7". */
export function formatIbanForPrint(iban: string) {
  return compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

// ---------------------------------------------------------------------------------------------
// Swiss enterprise identification number (UID): CHE-ddd.ddd.ddd, modulo-11 check digit.
// ---------------------------------------------------------------------------------------------

const UID_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4] as const;

/** The UID check digit of 8 digits, or null when the remainder gives 10 (such numbers are never issued). */
export function uidCheckDigit(eightDigits: string): number | null {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(eightDigits[i]) * UID_WEIGHTS[i]!;
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

/** Accepts "CHE-999.999.996", "CHE999999996", "che-999999996"; normalizes to "CHE-999.999.996". */
export function checkUid(input: string): Checked {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  const match = /^CHE-?(\d{3})\.?(\d{3})\.?(\d{3})$/.exec(compact);
  if (!match) return { ok: false, message: `"${input}" is not a UID; write it as CHE-ddd.ddd.ddd.` };
  const digits = match.slice(1).join("");
  const expected = uidCheckDigit(digits);
  if (expected === null || Number(digits[8]) !== expected) {
    return {
      ok: false,
      message: `"${input}" is not a valid UID: its check digit does not match. Check the number against the commercial register.`,
    };
  }
  return { ok: true, value: `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` };
}

// ---------------------------------------------------------------------------------------------
// Cantons
// ---------------------------------------------------------------------------------------------

/** The 26 cantons, by their official two-letter abbreviations. */
export const CANTON_CODES = [
  "AG",
  "AI",
  "AR",
  "BE",
  "BL",
  "BS",
  "FR",
  "GE",
  "GL",
  "GR",
  "JU",
  "LU",
  "NE",
  "NW",
  "OW",
  "SG",
  "SH",
  "SO",
  "SZ",
  "TG",
  "TI",
  "UR",
  "VD",
  "VS",
  "ZG",
  "ZH",
] as const;

export type CantonCode = (typeof CANTON_CODES)[number];

const cantonSet: ReadonlySet<string> = new Set(CANTON_CODES);

export function isCantonCode(value: string): value is CantonCode {
  return cantonSet.has(value);
}

// ---------------------------------------------------------------------------------------------
// Withholding-tax tariff code (QStV Art. 1; ELM TaxAtSourceCodeType [A-Z][0-9][YN])
// ---------------------------------------------------------------------------------------------

export const TAX_AT_SOURCE_TARIFF = /^[A-Z][0-9][YN]$/;
/**
 * The predefined categories (ELM CategoryPredefinedType; tariff file record 11): board fees to persons abroad
 * (HE*), exported employee shares (ME*), not subject (NO*), French cross-border commuters under the special
 * agreement (SFN).
 */
export const TAX_AT_SOURCE_CATEGORIES = ["HEN", "HEY", "MEN", "MEY", "NON", "NOY", "SFN"];

/** The cantons of the French cross-border commuter agreement of 11 April 1983 (its preamble): SFN applies there. */
export const FRENCH_AGREEMENT_CANTONS = ["BE", "SO", "BS", "BL", "VD", "VS", "NE", "JU"];

export function checkTaxAtSourceTariff(input: string): Checked {
  const code = input.trim().toUpperCase();
  if (!TAX_AT_SOURCE_TARIFF.test(code) && !TAX_AT_SOURCE_CATEGORIES.includes(code)) {
    return {
      ok: false,
      message: `"${input}" is not a withholding-tax tariff code: a letter, the number of children (0-9) and Y or N for church tax, e.g. A0N, or a predefined category (${TAX_AT_SOURCE_CATEGORIES.join(", ")}).`,
    };
  }
  return { ok: true, value: code };
}

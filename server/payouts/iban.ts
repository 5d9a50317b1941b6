import { electronicFormatIBAN, friendlyFormatIBAN, isQRIBAN, isValidIBAN } from "ibantools";

/**
 * IBAN helpers for payouts, on top of ibantools (country lengths and BBAN formats of the IBAN
 * registry, the mod-97 check, QR-IBAN detection). Pure: no database, no clock.
 *
 * An IBAN is stored and written into payment files in its electronic format ("CH9300762011623852957":
 * upper case, no separators) and shown to people grouped by four ("CH93 0076 2011 6238 5295 7").
 */

/** Electronic format: spaces and dashes removed (also no-break and other Unicode spaces), upper case. Does not validate. */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input.replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]/g, "")) ?? "";
}

/** True when the IBAN (in any usual spelling: spaces, lower case) is a valid IBAN of the registry. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  return iban.length > 0 && isValidIBAN(iban);
}

/**
 * A QR-IBAN (Switzerland and Liechtenstein, institution id 30000 to 31999) only receives QR-bill
 * payments with a QR reference: never a salary account.
 */
export function isQrIban(input: string): boolean {
  const iban = normalizeIban(input);
  return isValidIBAN(iban) && isQRIBAN(iban);
}

export type IbanCheck = { ok: true; iban: string } | { ok: false; reason: "invalid" | "qr_iban"; message: string };

/** Normalizes and checks an account that is to receive a salary: a valid IBAN that is not a QR-IBAN. */
export function checkSalaryIban(input: string): IbanCheck {
  const iban = normalizeIban(input);
  if (!iban || !isValidIBAN(iban)) return { ok: false, reason: "invalid", message: `"${input}" is not a valid IBAN.` };
  if (isQRIBAN(iban)) {
    return {
      ok: false,
      reason: "qr_iban",
      message: `${formatIban(iban)} is a QR-IBAN; it only receives QR-bill payments with a QR reference, not salaries.`,
    };
  }
  return { ok: true, iban };
}

/** For display: grouped by four, "CH93 0076 2011 6238 5295 7". Does not validate. */
export function formatIban(input: string): string {
  return friendlyFormatIBAN(normalizeIban(input)) ?? "";
}

/**
 * The institution id (IID, the Swiss bank clearing number) of a Swiss or Liechtenstein IBAN: the
 * five digits after the check digits ("CH93 0076 2..." -> "00762"); undefined for other countries.
 */
export function institutionIdOfIban(input: string): string | undefined {
  const iban = normalizeIban(input);
  if (!/^(CH|LI)\d{7}/.test(iban)) return undefined;
  return iban.slice(4, 9);
}

import { isValidBIC } from "ibantools";
import { checkSalaryIban, institutionIdOfIban } from "../iban";
import { parseChf, toRappen } from "../../money/rappen";
import { REFERENCE_MAX_LENGTH, isReference, toSpsText } from "./charset";
import { Pain001InputError } from "./errors";
import type { Pain001Address, Pain001Batch, Pain001File, Pain001Input, Pain001Payment } from "./types";

/**
 * Builds a pain.001.001.09.ch.03 credit transfer file (Swiss Payment Standards, as required from
 * November 2026) for salary payments. Pure: the creation time and every id come in as input; the
 * same input gives the same bytes.
 *
 * Shape: one GrpHdr (MsgId, CreDtTm, NbOfTxs, CtrlSum, InitgPty), then one PmtInf per execution
 * date, ascending (PmtMtd TRF, BtchBookg true, NbOfTxs, CtrlSum, PmtTpInf/CtgyPurp/Cd SALA,
 * ReqdExctnDt/Dt, Dbtr with structured address, DbtrAcct IBAN, DbtrAgt BIC or IID), each with its
 * payments in input order (PmtId, InstdAmt CHF, Cdtr with structured address, CdtrAcct IBAN,
 * RmtInf/Ustrd). Optional elements are omitted when empty; addresses are always structured
 * (StrtNm, BldgNb, PstCd, TwnNm, Ctry), never address lines.
 *
 * Lengths: names are cut to 70 characters (the SPS implementation guidelines' limit for Nm; the
 * XSD allows 140), street 70, building number and post code 16, town 35, remittance text 140.
 * Amounts and sums are integer Rappen throughout (bigint for the sums); no floating point.
 */

export const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

export const PAIN001_LIMITS = {
  name: 70,
  street: 70,
  buildingNumber: 16,
  postCode: 16,
  town: 35,
  remittance: 140,
  contact: 128,
  reference: REFERENCE_MAX_LENGTH,
} as const;

type CleanAddress = { street: string; buildingNumber: string; postCode: string; town: string; country: string };
type CleanParty = { name: string; address: CleanAddress };
type CleanPayment = {
  index: number;
  executionDate: string;
  instructionId: string;
  endToEndId: string;
  rappen: bigint;
  creditor: CleanParty;
  iban: string;
  remittance: string;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Rappen as a decimal string with two places, from a bigint (no floating point). */
function formatCents(rappen: bigint): string {
  const francs = rappen / 100n;
  const cents = rappen % 100n;
  return `${francs}.${cents.toString().padStart(2, "0")}`;
}

function creationTime(createdAt: Date | string): string {
  const date = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(date.getTime())) {
    throw new Pain001InputError(
      "pain001.invalid_date",
      "createdAt",
      `createdAt "${String(createdAt)}" is not a date and time.`,
    );
  }
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function cleanAddress(
  address: Pain001Address,
  path: string,
  payment?: { index: number; endToEndId: string },
): CleanAddress {
  const town = toSpsText(address.town ?? "", PAIN001_LIMITS.town);
  if (!town)
    throw new Pain001InputError(
      "pain001.missing_town",
      `${path}.town`,
      `${path}.town is missing; a structured address needs at least town and country.`,
      payment,
    );
  const country = (address.country ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) {
    throw new Pain001InputError(
      "pain001.invalid_country",
      `${path}.country`,
      `${path}.country "${address.country ?? ""}" is not a two-letter ISO country code.`,
      payment,
    );
  }
  return {
    street: toSpsText(address.street ?? "", PAIN001_LIMITS.street),
    buildingNumber: toSpsText(address.buildingNumber ?? "", PAIN001_LIMITS.buildingNumber),
    postCode: toSpsText(address.postCode ?? "", PAIN001_LIMITS.postCode),
    town,
    country,
  };
}

function cleanName(name: string, path: string, payment?: { index: number; endToEndId: string }): string {
  const clean = toSpsText(name ?? "", PAIN001_LIMITS.name);
  if (!clean)
    throw new Pain001InputError(
      "pain001.missing_name",
      path,
      `${path} is empty once written in the characters the bank accepts.`,
      payment,
    );
  return clean;
}

function checkReference(value: string, path: string, payment?: { index: number; endToEndId: string }): string {
  if (typeof value !== "string" || !isReference(value)) {
    throw new Pain001InputError(
      "pain001.invalid_reference",
      path,
      `${path} "${String(value)}" must be 1 to ${REFERENCE_MAX_LENGTH} characters of A-Z, a-z, 0-9 and single inner spaces.`,
      payment,
    );
  }
  return value;
}

function amountInRappen(payment: Pain001Payment, path: string, ref: { index: number; endToEndId: string }): bigint {
  const { amount } = payment;
  let rappen: number | undefined;
  if (typeof amount === "number") {
    if (Number.isSafeInteger(amount)) rappen = amount;
  } else if (typeof amount === "string") {
    const parsed = parseChf(amount);
    if (parsed.ok) rappen = parsed.value;
  }
  if (rappen === undefined || rappen <= 0) {
    throw new Pain001InputError(
      "pain001.invalid_amount",
      path,
      `${path} ${JSON.stringify(amount)} must be positive: whole Rappen as an integer, or CHF as a decimal string with at most two decimals.`,
      ref,
    );
  }
  return BigInt(rappen);
}

function cleanPayments(payments: readonly Pain001Payment[]): CleanPayment[] {
  const validDates = new Set<string>();
  const endToEndIds = new Map<string, number>();
  const instructionIds = new Map<string, number>();
  return payments.map((payment, index) => {
    const at = `payments[${index}]`;
    const ref = { index, endToEndId: String(payment.endToEndId) };
    const endToEndId = checkReference(payment.endToEndId, `${at}.endToEndId`, ref);
    const earlier = endToEndIds.get(endToEndId);
    if (earlier !== undefined) {
      throw new Pain001InputError(
        "pain001.duplicate_reference",
        `${at}.endToEndId`,
        `${at}.endToEndId "${endToEndId}" is also the EndToEndId of payments[${earlier}].`,
        ref,
      );
    }
    endToEndIds.set(endToEndId, index);
    let instructionId = "";
    if (payment.instructionId != null && payment.instructionId !== "") {
      instructionId = checkReference(payment.instructionId, `${at}.instructionId`, ref);
      const before = instructionIds.get(instructionId);
      if (before !== undefined) {
        throw new Pain001InputError(
          "pain001.duplicate_reference",
          `${at}.instructionId`,
          `${at}.instructionId "${instructionId}" is also the InstrId of payments[${before}].`,
          ref,
        );
      }
      instructionIds.set(instructionId, index);
    }
    if (
      !validDates.has(payment.executionDate) &&
      !(typeof payment.executionDate === "string" && isIsoDate(payment.executionDate))
    ) {
      throw new Pain001InputError(
        "pain001.invalid_date",
        `${at}.executionDate`,
        `${at}.executionDate "${String(payment.executionDate)}" is not a date (YYYY-MM-DD).`,
        ref,
      );
    }
    if (payment.currency !== "CHF") {
      throw new Pain001InputError(
        "pain001.invalid_currency",
        `${at}.currency`,
        `${at}.currency "${String(payment.currency)}" is not CHF; salary files pay in CHF.`,
        ref,
      );
    }
    validDates.add(payment.executionDate);
    const rappen = amountInRappen(payment, `${at}.amount`, ref);
    const account = checkSalaryIban(payment.creditorIban ?? "");
    if (!account.ok) {
      throw new Pain001InputError(
        account.reason === "qr_iban" ? "pain001.qr_iban" : "pain001.invalid_iban",
        `${at}.creditorIban`,
        `Payment ${endToEndId} (${at}): ${account.message}`,
        ref,
      );
    }
    const creditor = {
      name: cleanName(payment.creditor?.name, `${at}.creditor.name`, ref),
      address: cleanAddress(payment.creditor?.address ?? ({} as Pain001Address), `${at}.creditor.address`, ref),
    };
    return {
      index,
      executionDate: payment.executionDate,
      instructionId,
      endToEndId,
      rappen,
      creditor,
      iban: account.iban,
      remittance: toSpsText(payment.remittance ?? "", PAIN001_LIMITS.remittance),
    };
  });
}

/**
 * The file is written as text by this small writer rather than through xmlbuilder2's DOM: for
 * 10,000 payments the DOM (element objects, namespace bookkeeping, then a serializer walking it)
 * cost about twenty times as much as the text itself (bench/pain001.ts; the first version of this
 * module, in the branch's history, used it). The output is the same as xmlbuilder2's pretty print
 * of the same tree (a unit test parses every file with xmlbuilder2 and serializes it again, byte
 * for byte). Every value is either checked against a fixed pattern (references, IBAN, BIC, dates,
 * amounts, country) or passed through toSpsText, which leaves no control character; text is
 * escaped here (&, <, >), and the only attribute value is the constant "CHF".
 */
function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : text;
}

class Writer {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private readonly open: string[] = [];
  private indent = "";

  start(name: string, attributes = ""): this {
    this.parts.push(`\n${this.indent}<${name}${attributes}>`);
    this.open.push(name);
    this.indent += "  ";
    return this;
  }

  end(): this {
    const name = this.open.pop()!;
    this.indent = this.indent.slice(2);
    this.parts.push(`\n${this.indent}</${name}>`);
    return this;
  }

  /** <name>text</name>; the caller never passes empty text for a required element (checked before). */
  text(name: string, text: string, attributes = ""): this {
    this.parts.push(`\n${this.indent}<${name}${attributes}>${escapeText(text)}</${name}>`);
    return this;
  }

  /** Adds <name>text</name> only when the text is not empty: the file never holds an empty element. */
  optional(name: string, text: string): this {
    return text ? this.text(name, text) : this;
  }

  /** <a><b><c>text</c></b></a> on separate lines, for the nested single-value elements of the format. */
  path(names: string[], text: string): this {
    for (const name of names.slice(0, -1)) this.start(name);
    this.text(names[names.length - 1]!, text);
    for (let i = 1; i < names.length; i++) this.end();
    return this;
  }

  /** A chunk written elsewhere at this writer's depth (see transaction()). */
  raw(chunk: string): this {
    this.parts.push(chunk);
    return this;
  }

  finish(): string {
    if (this.open.length > 0) throw new Error(`unclosed elements: ${this.open.join(", ")}`);
    return this.parts.join("");
  }
}

const tag = (indent: string, name: string, text: string) =>
  text ? `\n${indent}<${name}>${escapeText(text)}</${name}>` : "";

/**
 * One CdtTrfTxInf as a single chunk, at the depth of a PmtInf's children: this is where the time of
 * a large file goes, so it is one template instead of twenty writer calls. Same layout as the writer.
 */
function transaction(p: CleanPayment): string {
  const a = p.creditor.address;
  return (
    `\n      <CdtTrfTxInf>\n        <PmtId>${tag("          ", "InstrId", p.instructionId)}\n          <EndToEndId>${p.endToEndId}</EndToEndId>\n        </PmtId>` +
    `\n        <Amt>\n          <InstdAmt Ccy="CHF">${formatCents(p.rappen)}</InstdAmt>\n        </Amt>` +
    `\n        <Cdtr>\n          <Nm>${escapeText(p.creditor.name)}</Nm>\n          <PstlAdr>` +
    `${tag("            ", "StrtNm", a.street)}${tag("            ", "BldgNb", a.buildingNumber)}${tag("            ", "PstCd", a.postCode)}` +
    `\n            <TwnNm>${escapeText(a.town)}</TwnNm>\n            <Ctry>${a.country}</Ctry>\n          </PstlAdr>\n        </Cdtr>` +
    `\n        <CdtrAcct>\n          <Id>\n            <IBAN>${p.iban}</IBAN>\n          </Id>\n        </CdtrAcct>` +
    (p.remittance
      ? `\n        <RmtInf>\n          <Ustrd>${escapeText(p.remittance)}</Ustrd>\n        </RmtInf>`
      : "") +
    `\n      </CdtTrfTxInf>`
  );
}

function writeAddress(w: Writer, address: CleanAddress): void {
  w.start("PstlAdr")
    .optional("StrtNm", address.street)
    .optional("BldgNb", address.buildingNumber)
    .optional("PstCd", address.postCode)
    .text("TwnNm", address.town)
    .text("Ctry", address.country)
    .end();
}

export function buildPain001(input: Pain001Input): Pain001File {
  const messageId = checkReference(input.messageId, "messageId");
  const createdAt = creationTime(input.createdAt);
  if (!input.payments || input.payments.length === 0) {
    throw new Pain001InputError("pain001.no_payments", "payments", "A payment file needs at least one payment.");
  }

  const initiatingName = cleanName(input.initiatingParty?.name, "initiatingParty.name");
  const software = input.initiatingParty?.software;
  const contacts = software
    ? (
        [
          ["NAME", toSpsText(software.name ?? "", PAIN001_LIMITS.contact)],
          ["VRSN", toSpsText(software.version ?? "", PAIN001_LIMITS.contact)],
          ["PRVD", toSpsText(software.provider ?? "", PAIN001_LIMITS.contact)],
        ] as const
      ).filter(([, id]) => id !== "")
    : [];

  const debtorAccount = checkSalaryIban(input.debtor?.iban ?? "");
  if (!debtorAccount.ok) {
    throw new Pain001InputError(
      account(debtorAccount.reason),
      "debtor.iban",
      `The company's account: ${debtorAccount.message}`,
    );
  }
  const debtor = {
    name: cleanName(input.debtor.name, "debtor.name"),
    address: cleanAddress(input.debtor.address ?? ({} as Pain001Address), "debtor.address"),
  };
  const bic = (input.debtor.bic ?? "").replace(/\s/g, "").toUpperCase();
  if (bic && !isValidBIC(bic))
    throw new Pain001InputError(
      "pain001.invalid_bic",
      "debtor.bic",
      `debtor.bic "${input.debtor.bic}" is not a valid BIC.`,
    );
  const iid = bic ? undefined : institutionIdOfIban(debtorAccount.iban);
  if (!bic && !iid) {
    throw new Pain001InputError(
      "pain001.missing_bank",
      "debtor.bic",
      "The company's bank needs a BIC when its IBAN is not Swiss or from Liechtenstein.",
    );
  }

  const payments = cleanPayments(input.payments);
  const byDate = new Map<string, CleanPayment[]>();
  for (const payment of payments) {
    const group = byDate.get(payment.executionDate);
    if (group) group.push(payment);
    else byDate.set(payment.executionDate, [payment]);
  }
  const dates = [...byDate.keys()].sort();
  const prefix = messageId.slice(0, REFERENCE_MAX_LENGTH - 9).trimEnd();
  let grandTotal = 0n;
  const batches = dates.map((date) => {
    const group = byDate.get(date)!;
    let total = 0n;
    for (const payment of group) total += payment.rappen;
    grandTotal += total;
    return { date, group, total, paymentInformationId: `${prefix} ${date.replace(/-/g, "")}` };
  });
  if (grandTotal > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Pain001InputError(
      "pain001.total_too_large",
      "payments",
      "The payments add up to more than a payment file can hold.",
    );
  }

  const w = new Writer();
  w.start("Document", ` xmlns="${PAIN001_NAMESPACE}"`).start("CstmrCdtTrfInitn");
  w.start("GrpHdr")
    .text("MsgId", messageId)
    .text("CreDtTm", createdAt)
    .text("NbOfTxs", String(payments.length))
    .text("CtrlSum", formatCents(grandTotal));
  w.start("InitgPty").text("Nm", initiatingName);
  if (contacts.length > 0) {
    w.start("CtctDtls");
    for (const [channel, id] of contacts) w.start("Othr").text("ChanlTp", channel).text("Id", id).end();
    w.end();
  }
  w.end().end();

  for (const batch of batches) {
    w.start("PmtInf")
      .text("PmtInfId", batch.paymentInformationId)
      .text("PmtMtd", "TRF")
      .text("BtchBookg", "true")
      .text("NbOfTxs", String(batch.group.length))
      .text("CtrlSum", formatCents(batch.total))
      .path(["PmtTpInf", "CtgyPurp", "Cd"], "SALA")
      .path(["ReqdExctnDt", "Dt"], batch.date);
    w.start("Dbtr").text("Nm", debtor.name);
    writeAddress(w, debtor.address);
    w.end();
    w.path(["DbtrAcct", "Id", "IBAN"], debtorAccount.iban);
    w.start("DbtrAgt").start("FinInstnId");
    if (bic) w.text("BICFI", bic);
    else w.start("ClrSysMmbId").path(["ClrSysId", "Cd"], "CHBCC").text("MmbId", iid!).end();
    w.end().end();
    for (const payment of batch.group) w.raw(transaction(payment));
    w.end();
  }
  w.end().end();

  const xml = w.finish();
  const result: Pain001Batch[] = batches.map((batch) => ({
    paymentInformationId: batch.paymentInformationId,
    executionDate: batch.date,
    numberOfTransactions: batch.group.length,
    totalRappen: toRappen(batch.total),
    controlSum: formatCents(batch.total),
  }));
  return {
    contentType: "application/xml",
    xml,
    bytes: new TextEncoder().encode(xml),
    messageId,
    numberOfTransactions: payments.length,
    totalRappen: toRappen(grandTotal),
    controlSum: formatCents(grandTotal),
    batches: result,
  };
}

function account(reason: "invalid" | "qr_iban") {
  return reason === "qr_iban" ? ("pain001.qr_iban" as const) : ("pain001.invalid_iban" as const);
}

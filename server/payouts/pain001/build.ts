import { isValidBIC } from "ibantools";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { checkSalaryIban, institutionIdOfIban } from "../iban";
import { parseChf } from "../../money/rappen";
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
    throw new Pain001InputError("pain001.invalid_date", "createdAt", `createdAt "${String(createdAt)}" is not a date and time.`);
  }
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function cleanAddress(address: Pain001Address, path: string, payment?: { index: number; endToEndId: string }): CleanAddress {
  const town = toSpsText(address.town ?? "", PAIN001_LIMITS.town);
  if (!town) throw new Pain001InputError("pain001.missing_town", `${path}.town`, `${path}.town is missing; a structured address needs at least town and country.`, payment);
  const country = (address.country ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) {
    throw new Pain001InputError("pain001.invalid_country", `${path}.country`, `${path}.country "${address.country ?? ""}" is not a two-letter ISO country code.`, payment);
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
  if (!clean) throw new Pain001InputError("pain001.missing_name", path, `${path} is empty once written in the characters the bank accepts.`, payment);
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
  const endToEndIds = new Map<string, number>();
  const instructionIds = new Map<string, number>();
  return payments.map((payment, index) => {
    const at = `payments[${index}]`;
    const ref = { index, endToEndId: String(payment.endToEndId) };
    const endToEndId = checkReference(payment.endToEndId, `${at}.endToEndId`, ref);
    const earlier = endToEndIds.get(endToEndId);
    if (earlier !== undefined) {
      throw new Pain001InputError("pain001.duplicate_reference", `${at}.endToEndId`, `${at}.endToEndId "${endToEndId}" is also the EndToEndId of payments[${earlier}].`, ref);
    }
    endToEndIds.set(endToEndId, index);
    let instructionId = "";
    if (payment.instructionId != null && payment.instructionId !== "") {
      instructionId = checkReference(payment.instructionId, `${at}.instructionId`, ref);
      const before = instructionIds.get(instructionId);
      if (before !== undefined) {
        throw new Pain001InputError("pain001.duplicate_reference", `${at}.instructionId`, `${at}.instructionId "${instructionId}" is also the InstrId of payments[${before}].`, ref);
      }
      instructionIds.set(instructionId, index);
    }
    if (typeof payment.executionDate !== "string" || !isIsoDate(payment.executionDate)) {
      throw new Pain001InputError("pain001.invalid_date", `${at}.executionDate`, `${at}.executionDate "${String(payment.executionDate)}" is not a date (YYYY-MM-DD).`, ref);
    }
    if (payment.currency !== "CHF") {
      throw new Pain001InputError("pain001.invalid_currency", `${at}.currency`, `${at}.currency "${String(payment.currency)}" is not CHF; salary files pay in CHF.`, ref);
    }
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

/** Adds <name>text</name> when the text is not empty: the file never holds an empty element. */
function optional(parent: XMLBuilder, name: string, text: string): void {
  if (text) parent.ele(name).txt(text);
}

function writeAddress(parent: XMLBuilder, address: CleanAddress): void {
  const adr = parent.ele("PstlAdr");
  optional(adr, "StrtNm", address.street);
  optional(adr, "BldgNb", address.buildingNumber);
  optional(adr, "PstCd", address.postCode);
  adr.ele("TwnNm").txt(address.town);
  adr.ele("Ctry").txt(address.country);
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
    ? ([
        ["NAME", toSpsText(software.name ?? "", PAIN001_LIMITS.contact)],
        ["VRSN", toSpsText(software.version ?? "", PAIN001_LIMITS.contact)],
        ["PRVD", toSpsText(software.provider ?? "", PAIN001_LIMITS.contact)],
      ] as const).filter(([, id]) => id !== "")
    : [];

  const debtorAccount = checkSalaryIban(input.debtor?.iban ?? "");
  if (!debtorAccount.ok) {
    throw new Pain001InputError(account(debtorAccount.reason), "debtor.iban", `The company's account: ${debtorAccount.message}`);
  }
  const debtor = {
    name: cleanName(input.debtor.name, "debtor.name"),
    address: cleanAddress(input.debtor.address ?? ({} as Pain001Address), "debtor.address"),
  };
  const bic = (input.debtor.bic ?? "").replace(/\s/g, "").toUpperCase();
  if (bic && !isValidBIC(bic)) throw new Pain001InputError("pain001.invalid_bic", "debtor.bic", `debtor.bic "${input.debtor.bic}" is not a valid BIC.`);
  const iid = bic ? undefined : institutionIdOfIban(debtorAccount.iban);
  if (!bic && !iid) {
    throw new Pain001InputError("pain001.missing_bank", "debtor.bic", "The company's bank needs a BIC when its IBAN is not Swiss or from Liechtenstein.");
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
    throw new Pain001InputError("pain001.total_too_large", "payments", "The payments add up to more than a payment file can hold.");
  }

  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(PAIN001_NAMESPACE, "Document").ele("CstmrCdtTrfInitn");
  const header = root.ele("GrpHdr");
  header.ele("MsgId").txt(messageId);
  header.ele("CreDtTm").txt(createdAt);
  header.ele("NbOfTxs").txt(String(payments.length));
  header.ele("CtrlSum").txt(formatCents(grandTotal));
  const initiating = header.ele("InitgPty");
  initiating.ele("Nm").txt(initiatingName);
  if (contacts.length > 0) {
    const details = initiating.ele("CtctDtls");
    for (const [channel, id] of contacts) {
      const other = details.ele("Othr");
      other.ele("ChanlTp").txt(channel);
      other.ele("Id").txt(id);
    }
  }

  for (const batch of batches) {
    const info = root.ele("PmtInf");
    info.ele("PmtInfId").txt(batch.paymentInformationId);
    info.ele("PmtMtd").txt("TRF");
    info.ele("BtchBookg").txt("true");
    info.ele("NbOfTxs").txt(String(batch.group.length));
    info.ele("CtrlSum").txt(formatCents(batch.total));
    info.ele("PmtTpInf").ele("CtgyPurp").ele("Cd").txt("SALA");
    info.ele("ReqdExctnDt").ele("Dt").txt(batch.date);
    const dbtr = info.ele("Dbtr");
    dbtr.ele("Nm").txt(debtor.name);
    writeAddress(dbtr, debtor.address);
    info.ele("DbtrAcct").ele("Id").ele("IBAN").txt(debtorAccount.iban);
    const agent = info.ele("DbtrAgt").ele("FinInstnId");
    if (bic) agent.ele("BICFI").txt(bic);
    else {
      const member = agent.ele("ClrSysMmbId");
      member.ele("ClrSysId").ele("Cd").txt("CHBCC");
      member.ele("MmbId").txt(iid!);
    }
    for (const payment of batch.group) {
      const tx = info.ele("CdtTrfTxInf");
      const id = tx.ele("PmtId");
      optional(id, "InstrId", payment.instructionId);
      id.ele("EndToEndId").txt(payment.endToEndId);
      tx.ele("Amt").ele("InstdAmt", { Ccy: "CHF" }).txt(formatCents(payment.rappen));
      const cdtr = tx.ele("Cdtr");
      cdtr.ele("Nm").txt(payment.creditor.name);
      writeAddress(cdtr, payment.creditor.address);
      tx.ele("CdtrAcct").ele("Id").ele("IBAN").txt(payment.iban);
      if (payment.remittance) tx.ele("RmtInf").ele("Ustrd").txt(payment.remittance);
    }
  }

  const xml = doc.end({ prettyPrint: true, indent: "  " });
  const result: Pain001Batch[] = batches.map((batch) => ({
    paymentInformationId: batch.paymentInformationId,
    executionDate: batch.date,
    numberOfTransactions: batch.group.length,
    totalRappen: Number(batch.total),
    controlSum: formatCents(batch.total),
  }));
  return {
    contentType: "application/xml",
    xml,
    bytes: new TextEncoder().encode(xml),
    messageId,
    numberOfTransactions: payments.length,
    totalRappen: Number(grandTotal),
    controlSum: formatCents(grandTotal),
    batches: result,
  };
}

function account(reason: "invalid" | "qr_iban") {
  return reason === "qr_iban" ? ("pain001.qr_iban" as const) : ("pain001.invalid_iban" as const);
}

/**
 * The ESTV withholding-tax tariff file `tarYYkt.txt` (one per canton and year): fixed width, 62
 * characters per line, CRLF line ends, Latin-1. Positions below are 0-based [start:end), as laid out
 * in ../shared/domain/swiss-payroll.md section 2 (checked there on tar26zh, tar26ag and tar26lu).
 *
 *  00 header  [2:4] canton, [4:19] SSL number, [19:27] creation date YYYYMMDD
 *  06 progressive tariff, 11 predefined category, 12 collection commission, 13 median:
 *             [0:2] record type, [2:4] transaction type "01", [4:6] canton, [6:16] code (left-aligned),
 *             [16:24] valid from YYYYMMDD, [24:33] taxable income from (Rappen), [33:42] tariff step,
 *             i.e. bracket width (Rappen), [42] sex code (blank), [43:45] number of children,
 *             [45:54] minimum tax (Rappen), [54:59] rate (percent x 100), [59:62] status
 *  99 footer  [17:19] canton, [19:27] number of records including header and footer
 */

export const TARIFF_RECORD_TYPES = ["06", "11", "12", "13"] as const;
export type TariffRecordType = (typeof TARIFF_RECORD_TYPES)[number];

export interface TariffRecord {
  /** 06 progressive tariff, 11 predefined category (HEN, MEN, NON, SFN ...), 12 collection commission, 13 median. */
  readonly recordType: TariffRecordType;
  readonly transactionType: string;
  readonly canton: string;
  /** "A0N", "HEN", "PEL", "MED" ... */
  readonly code: string;
  /** YYYY-MM-DD */
  readonly validFrom: string;
  readonly incomeFromRappen: number;
  /** Width of the bracket: the bracket holds incomes from incomeFromRappen to incomeFromRappen + stepRappen - 1. */
  readonly stepRappen: number;
  /** Blank in the files seen; kept for completeness. */
  readonly sexCode: string | null;
  readonly children: number;
  /** Semantics not verified (ZH files carry 0, AG files 2.00); kept, not applied by the lookup. */
  readonly minimumTaxRappen: number;
  /** The rate in hundredths of a percent: 728 is 7.28 %. */
  readonly rateBasisPoints: number;
  readonly status: string;
  /** 1-based line number in the file, for messages. */
  readonly line: number;
}

export interface TariffFile {
  readonly canton: string;
  readonly sslNumber: string;
  /** YYYY-MM-DD */
  readonly creationDate: string;
  readonly records: TariffRecord[];
  /** The footer's record count (header and footer included); checked against the lines read. */
  readonly recordCount: number;
}

export class TariffFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "TariffFileError";
  }
}

function isoDate(yyyymmdd: string, line: number): string {
  if (!/^\d{8}$/.test(yyyymmdd)) throw new TariffFileError(line, `"${yyyymmdd}" is not a date YYYYMMDD.`);
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

function digits(text: string, line: number, what: string): number {
  if (!/^\d+$/.test(text)) throw new TariffFileError(line, `${what} "${text}" is not a number.`);
  return Number(text);
}

/** Parses a whole tariff file (text already decoded; CRLF or LF line ends). */
export function parseTariffFile(text: string): TariffFile {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  let header: { canton: string; sslNumber: string; creationDate: string } | null = null;
  let footer: { canton: string; recordCount: number; line: number } | null = null;
  const records: TariffRecord[] = [];

  lines.forEach((raw, index) => {
    const line = index + 1;
    const type = raw.slice(0, 2);
    if (footer) throw new TariffFileError(line, "text after the footer record (99).");
    if (type === "00") {
      if (index !== 0) throw new TariffFileError(line, "header record (00) not on the first line.");
      header = {
        canton: raw.slice(2, 4),
        sslNumber: raw.slice(4, 19).trim(),
        creationDate: isoDate(raw.slice(19, 27), line),
      };
    } else if (type === "99") {
      footer = { canton: raw.slice(17, 19), recordCount: digits(raw.slice(19, 27), line, "record count"), line };
    } else if ((TARIFF_RECORD_TYPES as readonly string[]).includes(type)) {
      if (!header) throw new TariffFileError(line, "tariff record before the header record (00).");
      records.push(parseTariffRecord(raw, line));
    } else {
      throw new TariffFileError(line, `unknown record type "${type}".`);
    }
  });

  const h = header as { canton: string; sslNumber: string; creationDate: string } | null;
  const f = footer as { canton: string; recordCount: number; line: number } | null;
  if (!h) throw new TariffFileError(1, "the header record (00) is missing.");
  if (!f) throw new TariffFileError(lines.length, "the footer record (99) is missing.");
  if (f.canton !== h.canton)
    throw new TariffFileError(f.line, `footer canton ${f.canton} differs from header canton ${h.canton}.`);
  for (const record of records) {
    if (record.canton !== h.canton)
      throw new TariffFileError(record.line, `canton ${record.canton} differs from the header's ${h.canton}.`);
  }
  return {
    canton: h.canton,
    sslNumber: h.sslNumber,
    creationDate: h.creationDate,
    records,
    recordCount: f.recordCount,
  };
}

/** True when the footer's count matches the lines read (false for an excerpt such as tar26zh-sample.txt). */
export function isComplete(file: TariffFile) {
  return file.recordCount === file.records.length + 2;
}

export function parseTariffRecord(raw: string, line = 1): TariffRecord {
  if (raw.length < 59)
    throw new TariffFileError(line, `a tariff record has at least 59 characters, this one ${raw.length}.`);
  const recordType = raw.slice(0, 2) as TariffRecordType;
  if (!(TARIFF_RECORD_TYPES as readonly string[]).includes(recordType))
    throw new TariffFileError(line, `unknown record type "${recordType}".`);
  const code = raw.slice(6, 16).trim();
  if (!/^[A-Z0-9]{3}$/.test(code))
    throw new TariffFileError(line, `tariff code "${code}" is not three letters or digits.`);
  const sex = raw.slice(42, 43).trim();
  return {
    recordType,
    transactionType: raw.slice(2, 4),
    canton: raw.slice(4, 6),
    code,
    validFrom: isoDate(raw.slice(16, 24), line),
    incomeFromRappen: digits(raw.slice(24, 33), line, "income from"),
    stepRappen: digits(raw.slice(33, 42), line, "tariff step"),
    sexCode: sex === "" ? null : sex,
    children: digits(raw.slice(43, 45), line, "number of children"),
    minimumTaxRappen: digits(raw.slice(45, 54), line, "minimum tax"),
    rateBasisPoints: digits(raw.slice(54, 59), line, "rate"),
    status: raw.slice(59, 62).trim(),
    line,
  };
}

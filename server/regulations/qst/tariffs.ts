import { type Rappen, assertRappen } from "@/server/money/rappen";
import { type Rate, applyRate, rateFraction } from "@/server/money/rate";
import { ROUND_5_RAPPEN } from "@/server/money/rounding";
import type { TariffRecord, TariffRecordType } from "./tariff-file";

/** One bracket of a tariff: incomes fromRappen <= income < belowRappen (belowRappen null: open-ended). */
export interface QstBracket {
  readonly fromRappen: number;
  readonly belowRappen: number | null;
  /** Hundredths of a percent: 728 is 7.28 %. */
  readonly rateBasisPoints: number;
  readonly minimumTaxRappen: number;
}

/** One tariff (canton, code) as published for a year: its brackets in ascending order. */
export interface QstTariff {
  readonly canton: string;
  readonly code: string;
  readonly recordType: TariffRecordType;
  /** YYYY-MM-DD */
  readonly validFrom: string;
  readonly children: number;
  /** Church tax (last letter Y/N of codes such as A0N, HEY); null for codes without it (PEL, MED). */
  readonly churchTax: boolean | null;
  readonly brackets: readonly QstBracket[];
}

function churchTaxOf(code: string, recordType: TariffRecordType): boolean | null {
  if (recordType === "12" || recordType === "13") return null;
  const last = code.at(-1);
  return last === "Y" ? true : last === "N" ? false : null;
}

/**
 * Groups parsed records into tariffs. The last bracket of every tariff is open-ended: the files end
 * each tariff with a bracket of width 1.00 (e.g. ZH A0N from 100,001.00) meant for all higher incomes.
 */
export function tariffsFromRecords(records: readonly TariffRecord[]): QstTariff[] {
  return groupRecords(records).map((group) => {
    const sorted = [...group].sort((a, b) => a.incomeFromRappen - b.incomeFromRappen);
    const first = sorted[0]!;
    return {
      canton: first.canton,
      code: first.code,
      recordType: first.recordType,
      validFrom: first.validFrom,
      children: first.children,
      churchTax: churchTaxOf(first.code, first.recordType),
      brackets: sorted.map((record, index) => ({
        fromRappen: record.incomeFromRappen,
        belowRappen: index === sorted.length - 1 ? null : sorted[index + 1]!.incomeFromRappen,
        rateBasisPoints: record.rateBasisPoints,
        minimumTaxRappen: record.minimumTaxRappen,
      })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Lookup
// ---------------------------------------------------------------------------------------------

/** Tariffs indexed by canton and code, each list ordered by validFrom. */
export type QstTariffTable = ReadonlyMap<string, readonly QstTariff[]>;

export function tariffTable(tariffs: readonly QstTariff[]): QstTariffTable {
  const table = new Map<string, QstTariff[]>();
  for (const tariff of tariffs) {
    const key = `${tariff.canton}|${tariff.code}`;
    const list = table.get(key) ?? [];
    if (list.some((t) => t.validFrom === tariff.validFrom))
      throw new RangeError(`Tariff ${tariff.canton} ${tariff.code} from ${tariff.validFrom} is given twice.`);
    list.push(tariff);
    table.set(key, list);
  }
  for (const list of table.values()) list.sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  return table;
}

export interface QstQuery {
  readonly canton: string;
  /** Tariff code such as "A0N" (or a predefined category such as "HEN"). */
  readonly code: string;
  /** The month's rate-determining income in Rappen (monthly model). */
  readonly monthlyIncomeRappen: Rappen;
  /** A day of the period, YYYY-MM-DD. */
  readonly date: string;
}

export interface QstRateResult {
  readonly canton: string;
  readonly code: string;
  readonly validFrom: string;
  readonly bracket: QstBracket;
  readonly rate: Rate;
  /** The rate as the file writes it, in percent units: "7.28". */
  readonly ratePercent: string;
}

/**
 * The rate of the bracket that holds the income, from the tariff in force on the date: the one with
 * the latest validFrom not after the date. ESTV publishes tariffs per calendar year, so a tariff is
 * used only within the year of its validFrom (until a newer one starts): for a date with no tariff of
 * its year this answers null rather than apply last year's rates. null also when the canton or code
 * is not shipped. An income below the first bracket (under CHF 1.00) has rate 0.
 *
 * The rate is flat for the whole income, not marginal (tax = income x rate).
 */
export function qstRate(table: QstTariffTable, query: QstQuery): QstRateResult | null {
  assertRappen(query.monthlyIncomeRappen);
  const list = table.get(`${query.canton}|${query.code}`);
  if (!list) return null;
  let tariff: QstTariff | undefined;
  for (const candidate of list) if (candidate.validFrom <= query.date) tariff = candidate;
  if (!tariff || tariff.validFrom.slice(0, 4) !== query.date.slice(0, 4)) return null;

  const income = Math.max(0, query.monthlyIncomeRappen);
  const brackets = tariff.brackets;
  const first = brackets[0];
  if (!first) return null;
  let bracket: QstBracket;
  if (income < first.fromRappen) {
    bracket = { fromRappen: 0, belowRappen: first.fromRappen, rateBasisPoints: 0, minimumTaxRappen: 0 };
  } else {
    // The last bracket whose start is not above the income (binary search).
    let lo = 0;
    let hi = brackets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (brackets[mid]!.fromRappen <= income) lo = mid;
      else hi = mid - 1;
    }
    bracket = brackets[lo]!;
  }
  return {
    canton: tariff.canton,
    code: tariff.code,
    validFrom: tariff.validFrom,
    bracket,
    rate: rateFraction(bracket.rateBasisPoints, 10_000),
    ratePercent: `${Math.trunc(bracket.rateBasisPoints / 100)}.${String(bracket.rateBasisPoints % 100).padStart(2, "0")}`,
  };
}

/** Withholding tax = income x rate, rounded to 0.05 CHF (commercial) like every deduction line. */
export function qstAmount(incomeRappen: Rappen, result: QstRateResult): Rappen {
  return applyRate(Math.max(0, incomeRappen), result.rate, ROUND_5_RAPPEN);
}

// ---------------------------------------------------------------------------------------------
// Compact form for the shipped data file
// ---------------------------------------------------------------------------------------------

/**
 * A tariff in the shipped JSON: brackets as run-lengths of equal widths plus one rate per bracket,
 * which keeps the whole ZH file (about 25,000 records) near a tenth of its text size.
 * `widths` is [[count, widthRappen], ...]; brackets follow each other without gaps from `start`.
 * `minimumTax` is one value when all brackets share it, otherwise one per bracket.
 */
export interface CompactTariff {
  readonly canton: string;
  readonly code: string;
  readonly type: TariffRecordType;
  readonly validFrom: string;
  readonly children: number;
  readonly start: number;
  readonly widths: readonly (readonly [number, number])[];
  readonly rates: readonly number[];
  readonly minimumTax: number | readonly number[];
}

export interface CompactTariffFile {
  /** Where the data came from: file name, creation date, sha256 of the source text. */
  readonly source: {
    readonly file: string;
    readonly canton: string;
    readonly creationDate: string;
    readonly sha256: string;
    readonly records: number;
  };
  readonly tariffs: readonly CompactTariff[];
}

/** The compact form of one tariff's records; throws if its brackets have gaps (the compact form has none). */
export function compactTariff(records: readonly TariffRecord[]): CompactTariff {
  const own = [...records].sort((a, b) => a.incomeFromRappen - b.incomeFromRappen);
  const first = own[0];
  if (!first) throw new RangeError("A tariff needs at least one record.");
  const widths: [number, number][] = [];
  own.forEach((record, index) => {
    const next = own[index + 1];
    // A bracket's step is its width, or (GE: from 0.00, step 2,449.95) the last 5-Rappen income it holds.
    const gap = next ? next.incomeFromRappen - (record.incomeFromRappen + record.stepRappen) : 0;
    if (gap !== 0 && gap !== 5) {
      throw new RangeError(
        `${record.canton} ${record.code}: ${gap < 0 ? "overlap" : "gap"} after the bracket from ${record.incomeFromRappen} (line ${record.line}).`,
      );
    }
    const width = next ? next.incomeFromRappen - record.incomeFromRappen : record.stepRappen;
    const run = widths[widths.length - 1];
    if (run && run[1] === width) run[0] += 1;
    else widths.push([1, width]);
  });
  const minima = own.map((r) => r.minimumTaxRappen);
  return {
    canton: first.canton,
    code: first.code,
    type: first.recordType,
    validFrom: first.validFrom,
    children: first.children,
    start: first.incomeFromRappen,
    widths,
    rates: own.map((r) => r.rateBasisPoints),
    minimumTax: minima.every((m) => m === minima[0]) ? first.minimumTaxRappen : minima,
  };
}

export function expandCompactTariff(compact: CompactTariff): QstTariff {
  const total = compact.widths.reduce((sum, [count]) => sum + count, 0);
  if (total !== compact.rates.length)
    throw new RangeError(`${compact.canton} ${compact.code}: ${total} widths for ${compact.rates.length} rates.`);
  const brackets: QstBracket[] = [];
  let from = compact.start;
  let index = 0;
  for (const [count, width] of compact.widths) {
    for (let i = 0; i < count; i++, index++) {
      const minimumTax = typeof compact.minimumTax === "number" ? compact.minimumTax : (compact.minimumTax[index] ?? 0);
      brackets.push({
        fromRappen: from,
        belowRappen: index === total - 1 ? null : from + width,
        rateBasisPoints: compact.rates[index]!,
        minimumTaxRappen: minimumTax,
      });
      from += width;
    }
  }
  return {
    canton: compact.canton,
    code: compact.code,
    recordType: compact.type,
    validFrom: compact.validFrom,
    children: compact.children,
    churchTax: churchTaxOf(compact.code, compact.type),
    brackets,
  };
}

/** Groups records by tariff (canton, code, valid-from, record type), in file order. */
export function groupRecords(records: readonly TariffRecord[]): TariffRecord[][] {
  const groups = new Map<string, TariffRecord[]>();
  for (const record of records) {
    const key = `${record.canton}|${record.code}|${record.validFrom}|${record.recordType}`;
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return [...groups.values()];
}

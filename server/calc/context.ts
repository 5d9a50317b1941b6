import { valueInForce } from "@/server/bitemporal/in-force";
import { chf } from "@/server/money/rappen";
import { type Rate, parsePercent, rateFraction } from "@/server/money/rate";
import type { Lookup, Parameter, WageType } from "@/server/regulations/catalog/types";
import { addDays } from "./dates";
import type { TextParams } from "./texts";
import type { CalcIssue, CaseHistory, LineExplanation, PeriodInput, VersionedCaseValue } from "./types";

/**
 * What a rule reads, so that its line can say where every number came from: a case value (with
 * its case change), a field default of the regulation, or a regulation parameter / lookup value.
 */
export type Read = { field: string; value: string; caseChangeId: string | null };
export type Param = { key: string; value: string };
export type Source = Read | Param;

const isRead = (source: Source): source is Read => "field" in source;

/** A line's "why?": its key and figures (the catalogs' sentence), the English text, and the sources behind it. */
export function explanation(
  key: string,
  params: TextParams,
  text: string,
  sources: readonly (Source | null | undefined)[],
): LineExplanation {
  const caseValues: LineExplanation["caseValues"] = [];
  const parameters: LineExplanation["parameters"] = [];
  for (const source of sources) {
    if (!source) continue;
    if (isRead(source)) {
      if (source.caseChangeId === null) pushParameter(parameters, `${source.field} (default)`, source.value);
      else {
        const { field, value, caseChangeId } = source;
        if (!caseValues.some((c) => c.field === field && c.value === value && c.caseChangeId === caseChangeId))
          caseValues.push({ field, value, caseChangeId });
      }
    } else pushParameter(parameters, source.key, source.value);
  }
  return { text, key, params, caseValues, parameters };
}

/** Each source once, in the order first named (compared field by field: these lines run per employee and period). */
function pushParameter(list: LineExplanation["parameters"], key: string, value: string) {
  if (!list.some((p) => p.key === key && p.value === value)) list.push({ key, value });
}

/** A parameter, lookup or required value the regulation does not supply: the rule that needs it is skipped with an issue. */
export class MissingRegulationData extends Error {
  /** kind: what is missing (a parameter, a lookup, or one value of a lookup "Name[key]"). */
  constructor(
    readonly kind: "parameter" | "lookup" | "lookupValue",
    readonly name: string,
  ) {
    super(`The regulation in force has no ${kind === "lookupValue" ? "lookup value" : kind} ${name}.`);
  }
}

/**
 * Reads one subject's case values. Which value is in force is decided by valueInForce (the one
 * place that decides it); this class only chooses the dates to ask for.
 */
export class CaseReader {
  constructor(
    private readonly history: CaseHistory,
    private readonly knownAt: Date | undefined,
    private readonly defaults: ReadonlyMap<string, string>,
  ) {}

  private values(field: string): VersionedCaseValue[] {
    return this.history[field] ?? [];
  }

  private static read(field: string, value: VersionedCaseValue | null): Read | null {
    return value ? { field, value: value.value, caseChangeId: value.caseChangeId } : null;
  }

  /** The value in force on date, or null (no default). */
  at(field: string, date: string): Read | null {
    return CaseReader.read(field, valueInForce(this.values(field), date, this.knownAt));
  }

  /** The value in force on date, else the field's default in the regulation, else null. */
  atOrDefault(field: string, date: string): Read | null {
    const found = this.at(field, date);
    if (found) return found;
    const fallback = this.defaults.get(field);
    return fallback === undefined ? null : { field, value: fallback, caseChangeId: null };
  }

  /**
   * A date-valued field such as EntryDate or ExitDate: the value in force at the end of the period,
   * else one recorded ahead (starting after the period; the latest of those by record time, as
   * valueInForce orders them), since such a value is often recorded with its own date as start.
   */
  dateField(field: string, periodEnd: string): Read | null {
    const current = this.at(field, periodEnd);
    if (current) return current;
    const ahead = this.values(field)
      .filter((v) => v.start > periodEnd)
      .map((v) => ({ ...v, start: periodEnd, end: null }));
    return CaseReader.read(field, valueInForce(ahead, periodEnd, this.knownAt));
  }

  /**
   * The moments of a moment field within [from, to]: one value per start date, the one in force on
   * that date (a value recorded later with the same start corrects it). In start order.
   */
  moments(field: string, from: string, to: string): Read[] {
    const inRange = this.values(field).filter((v) => v.start >= from && v.start <= to);
    const starts = [...new Set(inRange.map((v) => v.start))].sort();
    return starts.flatMap((start) => {
      const found = CaseReader.read(
        field,
        valueInForce(
          inRange.filter((v) => v.start === start),
          start,
          this.knownAt,
        ),
      );
      return found ? [found] : [];
    });
  }

  /** The spans of [from, to] over which the value in force stays the same, with that value. */
  segments(field: string, from: string, to: string): { from: string; to: string; read: Read | null }[] {
    const cuts = new Set([from]);
    for (const v of this.values(field)) {
      if (v.start > from && v.start <= to) cuts.add(v.start);
      if (v.end !== null && v.end >= from && v.end < to) cuts.add(addDays(v.end, 1));
    }
    const sorted = [...cuts].sort();
    const segments: { from: string; to: string; read: Read | null }[] = [];
    sorted.forEach((start, index) => {
      const next = sorted[index + 1];
      const end = next ? addDays(next, -1) : to;
      const read = this.at(field, start);
      const last = segments[segments.length - 1];
      if (last && last.read?.caseChangeId === read?.caseChangeId && last.read?.value === read?.value) last.to = end;
      else segments.push({ from: start, to: end, read });
    });
    return segments;
  }
}

/** Regulation parameters and lookups of the version in force. */
export class RegulationReader {
  private readonly parameters = new Map<string, Parameter>();
  private readonly lookups = new Map<string, Lookup>();
  readonly wageTypes = new Map<string, WageType>();

  constructor(regulation: PeriodInput["regulation"], periodEnd: string) {
    // The merged versions may carry one key more than once (different validFrom): the latest that applies wins.
    for (const parameter of regulation.parameters) {
      if (parameter.validFrom > periodEnd) continue;
      const known = this.parameters.get(parameter.key);
      if (!known || parameter.validFrom >= known.validFrom) this.parameters.set(parameter.key, parameter);
    }
    for (const lookup of regulation.lookups) this.lookups.set(lookup.name, lookup);
    for (const wageType of regulation.wageTypes) this.wageTypes.set(wageType.number, wageType);
  }

  has(key: string) {
    return this.parameters.has(key);
  }

  param(key: string): Param {
    const found = this.parameters.get(key);
    if (!found) throw new MissingRegulationData("parameter", key);
    return { key, value: found.value };
  }

  optionalParam(key: string): Param | null {
    const found = this.parameters.get(key);
    return found ? { key, value: found.value } : null;
  }

  lookupValues(name: string) {
    const found = this.lookups.get(name);
    if (!found) throw new MissingRegulationData("lookup", name);
    return found.values;
  }

  lookup(name: string, key: string): Param | null {
    const value = this.lookupValues(name).find((v) => v.key === key);
    return value ? { key: `${name}[${key}]`, value: value.value } : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing stored (normalized) values
// ---------------------------------------------------------------------------------------------

const EXPECTED = { amount: "a CHF amount", percent: "a percentage", number: "a number" } as const;

export class InvalidCaseValue extends Error {
  constructor(
    readonly field: string,
    readonly value: string,
    readonly expected: keyof typeof EXPECTED,
  ) {
    super(`${field} "${value}" is not ${EXPECTED[expected]}.`);
  }
}

export function money(source: Read | Param): number {
  try {
    return chf(source.value);
  } catch {
    throw new InvalidCaseValue(isRead(source) ? source.field : source.key, source.value, "amount");
  }
}

export function pct(source: Read | Param): Rate {
  const parsed = parsePercent(source.value, { allowNegative: false });
  if (!parsed.ok) throw new InvalidCaseValue(isRead(source) ? source.field : source.key, source.value, "percent");
  return parsed.value;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal number (hours, weeks, counts) as an exact fraction. */
export function decimal(source: Read | Param): Rate {
  const match = DECIMAL.exec(source.value);
  if (!match) throw new InvalidCaseValue(isRead(source) ? source.field : source.key, source.value, "number");
  const [, minus, whole = "", fraction = ""] = match;
  return rateFraction(BigInt(whole + fraction) * (minus ? -1n : 1n), 10n ** BigInt(fraction.length));
}

export function issue(
  code: string,
  message: string,
  blocking: boolean,
  field: string | undefined,
  params: TextParams,
): CalcIssue {
  return field ? { code, message, field, blocking, params } : { code, message, blocking, params };
}

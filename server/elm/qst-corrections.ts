import { WageTypeNumber } from "../calc/wage-types";

/**
 * Withholding-tax corrections of closed months (issue 39, item 4), as ELM declares them: for every month the
 * period's retro lines correct, the values declared for it so far (Old) and the corrected ones (New), per canton
 * (SalaryDeclaration.xsd TaxAtSourceCorrectionType: "each month to correct is transmitted separately").
 *
 * What was declared for a month is what was booked for it: its own lines plus the retro lines of the closed
 * periods after it (the same rule the retro calculation uses, server/results/entry-rows.ts bookedFor). The
 * taxable earning is the sum of the lines of wage types in the QstWage collector; the tax is the 5060 line.
 */

type Line = { number: string; amount: number; retro: boolean; retroPeriodStart: string | null };
type Entry = { periodStart: string; lines: readonly Line[] };

export type QstFigures = { taxableEarning: number; taxAtSource: number };
/** Canton, tariff and municipality of a month: as known when it was declared (then) or now. */
export type QstSituation = { canton: string | null; tariff: string | null; municipality: string | null };

export type QstCorrectionInput = {
  /** The corrected month, YYYY-MM. */
  month: string;
  canton: string;
  municipality: string | null;
  old: QstFigures & { tariff: string };
  new: QstFigures & { tariff: string };
};

export function qstCorrections({
  periodStart,
  current,
  earlier,
  qstWageNumbers,
  situation,
}: {
  /** The declared period's first day. */
  periodStart: string;
  /** The declared period's entry of the employee. */
  current: readonly Line[];
  /** The employee's entries of closed periods before the declared one (any order). */
  earlier: readonly Entry[];
  /** Wage types that count towards QstWage. */
  qstWageNumbers: ReadonlySet<string>;
  /** The month's canton, tariff and municipality as declared then and as in force now. */
  situation: (monthStart: string) => { then: QstSituation; now: QstSituation };
}): QstCorrectionInput[] {
  const relevant = (line: Line) => line.number === WageTypeNumber.WithholdingTax || qstWageNumbers.has(line.number);
  const figures = (lines: readonly Line[]): QstFigures => {
    let taxableEarning = 0;
    let taxAtSource = 0;
    for (const line of lines) {
      if (qstWageNumbers.has(line.number)) taxableEarning += line.amount;
      if (line.number === WageTypeNumber.WithholdingTax) taxAtSource += line.amount;
    }
    return { taxableEarning, taxAtSource };
  };
  const months = [
    ...new Set(current.filter((l) => l.retro && l.retroPeriodStart && relevant(l)).map((l) => l.retroPeriodStart!)),
  ].sort();
  const corrections: QstCorrectionInput[] = [];
  for (const monthStart of months) {
    if (monthStart >= periodStart) continue;
    const booked = earlier.flatMap((entry) =>
      entry.periodStart === monthStart
        ? entry.lines.filter((l) => !l.retro)
        : entry.periodStart > monthStart && entry.periodStart < periodStart
          ? entry.lines.filter((l) => l.retro && l.retroPeriodStart === monthStart)
          : [],
    );
    const old = figures(booked);
    const change = figures(current.filter((l) => l.retro && l.retroPeriodStart === monthStart));
    const corrected = {
      taxableEarning: old.taxableEarning + change.taxableEarning,
      taxAtSource: old.taxAtSource + change.taxAtSource,
    };
    const { then, now } = situation(monthStart);
    const month = monthStart.slice(0, 7);
    const oldTariff = then.tariff ?? now.tariff;
    const newTariff = now.tariff ?? then.tariff;
    if (!oldTariff || !newTariff) continue;
    const oldCanton = then.canton ?? now.canton;
    const newCanton = now.canton ?? then.canton;
    if (!oldCanton || !newCanton) continue;
    if (oldCanton === newCanton) {
      if (sameFigures(old, corrected) && oldTariff === newTariff) continue;
      corrections.push({
        month,
        canton: newCanton,
        municipality: now.municipality ?? then.municipality,
        old: { tariff: oldTariff, ...old },
        new: { tariff: newTariff, ...corrected },
      });
    } else {
      // Moved to another canton for that month: the first canton gives back what it got, the other gets it all.
      const none = { taxableEarning: 0, taxAtSource: 0 };
      corrections.push(
        {
          month,
          canton: oldCanton,
          municipality: then.municipality,
          old: { tariff: oldTariff, ...old },
          new: { tariff: oldTariff, ...none },
        },
        {
          month,
          canton: newCanton,
          municipality: now.municipality,
          old: { tariff: newTariff, ...none },
          new: { tariff: newTariff, ...corrected },
        },
      );
    }
  }
  return corrections;
}

const sameFigures = (a: QstFigures, b: QstFigures) =>
  a.taxableEarning === b.taxableEarning && a.taxAtSource === b.taxAtSource;

import "server-only";
import { and, asc, eq, gte, inArray, isNull, lt, or } from "drizzle-orm";
import { addMonths } from "../dates";
import { caseValues, documents, employees, payrolls, payrunEntries, payrunPeriods } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { documentIdOf } from "../documents/ids";
import { byEmployee, inForceAt } from "../documents/case-values";
import { declarationCategories, renderElmDeclaration } from "./declaration";
import {
  buildElmDeclarationModel,
  ElmDeclarationIncomplete,
  type ElmDeclarationModel,
  type ElmDefaultUse,
  type ElmEmployeeInput,
  taxAtSourceMunicipalityOf,
} from "./model";
import { withSandboxStandIns } from "./stand-ins";
import { qstCorrections, type QstSituation } from "./qst-corrections";
import { wageTypesInForce } from "../lookups/list-wage-types";
import { qstTariffsOf, type Regulations } from "../regulations/store";
import { qstRate } from "../regulations/qst";
import { CANTON_CODES } from "../regulations/catalog/identifiers";
import { ElmTransmissionUnavailable, elmTransmitter } from "./transmission";
import { env } from "../env";
import { Conflict } from "../errors";
import { recordEvent } from "../events/record-event";
import { enqueueJob, registerJobHandler } from "../jobs/queue";

/**
 * After a live period closes, its ELM declaration is submitted in the background: `elm.submit`
 * hands it to the transmitter, `elm.result` asks for the result until the distributor is done,
 * then stores one ElmReceipt per declaration category, finalizes the period and records
 * PayrunPeriodFinalized. In the sandbox the distributor is simulated (contract section 10).
 */
export const ELM_SUBMIT = "elm.submit";
export const ELM_RESULT = "elm.result";

/** ELM files are listed after the period's other documents. */
export const ELM_POSITION = 100_000;

type Payload = { payrollId: string; payrunPeriodId: string; categories: string[] };

/** How long the simulated distributor takes (a few seconds, contract section 10). */
export const resultDelayMs = () => env().ELM_RESULT_DELAY_MS;

export async function scheduleElmSubmission(scope: TenantScope, payload: Payload) {
  await enqueueJob(scope, ELM_SUBMIT, payload);
}

async function declarationOf(scope: TenantScope, payrunPeriodId: string) {
  const declaration = await scope.first(
    documents,
    and(eq(documents.payrunPeriodId, payrunPeriodId), eq(documents.category, "ElmDeclaration")),
  );
  if (!declaration?.content)
    throw Object.assign(new Error(`The ELM declaration of period ${payrunPeriodId} is missing.`), { permanent: true });
  return declaration;
}

registerJobHandler(ELM_SUBMIT, async (scope, raw) => {
  const payload = raw as Payload;
  const period = await scope.first(payrunPeriods, eq(payrunPeriods.id, payload.payrunPeriodId));
  if (!period || period.submittedAt) return;
  const declaration = await declarationOf(scope, period.id);
  try {
    const { jobKey } = await elmTransmitter().submit({
      declarationXml: declaration.content!.toString("utf8"),
      categories: payload.categories,
      payrollId: payload.payrollId,
      periodStart: period.periodStart,
    });
    await scope.update(
      payrunPeriods,
      { submittedAt: new Date(), elmJobKey: jobKey, elmError: null },
      eq(payrunPeriods.id, period.id),
    );
    await enqueueJob(scope, ELM_RESULT, { ...payload, jobKey }, resultDelayMs());
  } catch (error) {
    // No transmitter here (production without a certificate): the period stays closed, not submitted, and says why.
    if (!(error instanceof ElmTransmissionUnavailable)) throw error;
    await scope.update(payrunPeriods, { elmError: error.message }, eq(payrunPeriods.id, period.id));
  }
});

registerJobHandler(ELM_RESULT, async (scope, raw) => {
  const payload = raw as Payload & { jobKey: string };
  const period = await scope.first(payrunPeriods, eq(payrunPeriods.id, payload.payrunPeriodId));
  if (!period || period.status === "finalized") return;
  const declaration = await declarationOf(scope, period.id);
  const result = await elmTransmitter().fetchResult(payload.jobKey, {
    declarationXml: declaration.content!.toString("utf8"),
    categories: payload.categories,
    payrollId: payload.payrollId,
    periodStart: period.periodStart,
  });
  if (!result.finished) return { retryInMs: resultDelayMs() };
  await scope.insertMany(
    documents,
    result.receipts.map((receipt, index) => ({
      id: documentIdOf(period.id, "ElmReceipt", null, receipt.name),
      payrollId: payload.payrollId,
      payrunPeriodId: period.id,
      employeeId: null,
      category: "ElmReceipt" as const,
      name: receipt.name,
      contentType: receipt.contentType,
      final: true,
      content: receipt.content,
      position: ELM_POSITION + 1 + index,
    })),
  );
  await scope.update(payrunPeriods, { status: "finalized", finalizedAt: new Date() }, eq(payrunPeriods.id, period.id));
  await recordEvent(scope, "PayrunPeriodFinalized", {
    payrollId: payload.payrollId,
    payrunPeriodId: period.id,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
  });
});

type CaseValueRow = typeof caseValues.$inferSelect;

/**
 * Per canton with a tariff file for the period, the employer's collection commission for electronic settlement
 * (record 12, code PEL; PPA is the paper rate, where a canton pays less: LU 1.00 %) in basis points.
 */
function collectionCommission(regulations: Regulations, date: string) {
  const table = qstTariffsOf(regulations).table;
  const rates: Record<string, number> = {};
  for (const canton of CANTON_CODES) {
    // Any income in the one bracket (from 1.00) gives the rate.
    const rate = qstRate(table, { canton, code: "PEL", monthlyIncomeRappen: 100, date });
    if (rate) rates[canton] = rate.bracket.rateBasisPoints;
  }
  return rates;
}

/**
 * The withholding-tax corrections of closed months that the period's retro lines make, per employee: what was
 * booked for each corrected month before (its own lines and later closed periods' retro lines for it) and after,
 * with the canton and code as known when that month was closed and as in force now.
 */
async function taxAtSourceCorrectionsOf(
  scope: TenantScope,
  collectorsOf: ReadonlyMap<string, readonly string[]>,
  payroll: typeof payrolls.$inferSelect,
  period: typeof payrunPeriods.$inferSelect,
  entries: (typeof payrunEntries.$inferSelect)[],
  values: Map<string | null, CaseValueRow[]>,
) {
  const result = new Map<string, ReturnType<typeof qstCorrections>>();
  const correcting = entries.filter((e) => e.retroFrom !== null && e.retroFrom < period.periodStart);
  if (!correcting.length) return result;
  const qstWageNumbers = new Set([...collectorsOf].filter(([, c]) => c.includes("QstWage")).map(([number]) => number));
  const from = correcting.reduce((first, e) => (e.retroFrom! < first ? e.retroFrom! : first), period.periodStart);
  const closed = await scope.rows(
    payrunPeriods,
    and(
      eq(payrunPeriods.payrollId, payroll.id),
      gte(payrunPeriods.periodStart, from),
      lt(payrunPeriods.periodStart, period.periodStart),
    ),
  );
  const periodOf = new Map(closed.map((p) => [p.id, p]));
  const earlier = closed.length
    ? await scope.rows(
        payrunEntries,
        and(
          inArray(
            payrunEntries.payrunPeriodId,
            closed.map((p) => p.id),
          ),
          inArray(
            payrunEntries.employeeId,
            correcting.map((e) => e.employeeId),
          ),
        ),
      )
    : [];
  const byStart = new Map(closed.map((p) => [p.periodStart, p]));
  const earlierOf = new Map<string | null, { periodStart: string; lines: (typeof earlier)[number]["lines"] }[]>();
  for (const e of earlier) {
    const list = earlierOf.get(e.employeeId) ?? [];
    list.push({ periodStart: periodOf.get(e.payrunPeriodId)!.periodStart, lines: e.lines });
    earlierOf.set(e.employeeId, list);
  }
  for (const entry of correcting) {
    const rows = values.get(entry.employeeId) ?? [];
    const situation = (monthStart: string) => {
      const month = byStart.get(monthStart);
      const end = month?.periodEnd ?? monthStart;
      const closedAt = month?.closedAt ?? null;
      const of = (known: readonly CaseValueRow[]): QstSituation => {
        const v = inForceAt(known, end);
        return {
          canton: v.TaxAtSourceCanton ?? null,
          tariff: v.TaxAtSourceTariff ?? null,
          municipality: taxAtSourceMunicipalityOf(v),
        };
      };
      return { then: of(closedAt ? rows.filter((r) => r.createdAt <= closedAt) : rows), now: of(rows) };
    };
    const own = qstCorrections({
      periodStart: period.periodStart,
      current: entry.lines,
      earlier: earlierOf.get(entry.employeeId) ?? [],
      qstWageNumbers,
      situation,
    });
    if (own.length) result.set(entry.employeeId, own);
  }
  return result;
}

/**
 * At the close of a live period: builds the period's ELM declaration from its frozen entries,
 * keeps it as the ElmDeclaration document and schedules its submission, all in the closing
 * transaction. Production refuses the close while the declaration lacks data (409 with every
 * gap); the sandbox fills gaps with the test company's stand-ins, listed in the declaration.
 */
export async function declareElm(
  scope: TenantScope,
  regulations: Regulations,
  payroll: typeof payrolls.$inferSelect,
  period: typeof payrunPeriods.$inferSelect,
  environment = elmTransmitter().environment,
) {
  const entries = await scope.rows(payrunEntries, eq(payrunEntries.payrunPeriodId, period.id));
  const previous =
    period.periodStart.slice(5, 7) === "01"
      ? null
      : await scope.first(
          payrunPeriods,
          and(
            eq(payrunPeriods.payrollId, payroll.id),
            eq(payrunPeriods.periodStart, addMonths(period.periodStart, -1)),
          ),
        );
  const before = previous ? await scope.rows(payrunEntries, eq(payrunEntries.payrunPeriodId, previous.id)) : [];
  const yearToDateBefore = new Map(before.map((e) => [e.employeeId, e.yearToDate]));
  const ids = entries.map((e) => e.employeeId);
  const people = new Map(
    (ids.length ? await scope.rows(employees, inArray(employees.id, ids)) : []).map((p) => [p.id, p]),
  );
  const values = byEmployee(
    await scope.rows(
      caseValues,
      and(
        eq(caseValues.payrollId, payroll.id),
        ids.length
          ? or(isNull(caseValues.employeeId), inArray(caseValues.employeeId, ids))
          : isNull(caseValues.employeeId),
      ),
      {
        orderBy: [asc(caseValues.createdAt), asc(caseValues.id)],
      },
    ),
  );
  let company = inForceAt(values.get(null) ?? [], period.periodEnd);
  let staff = entries.map((entry) => {
    const person = people.get(entry.employeeId)!;
    return {
      employeeId: entry.employeeId,
      identifier: person.identifier,
      firstName: person.firstName,
      lastName: person.lastName,
      caseValues: inForceAt(values.get(entry.employeeId) ?? [], period.periodEnd),
      collectors: entry.collectors,
      yearToDate: entry.yearToDate,
      yearToDateBefore: yearToDateBefore.get(entry.employeeId) ?? {},
      lines: entry.lines,
      issues: entry.issues,
    };
  });
  const sandbox = environment === "sandbox";
  let standIns: ElmDefaultUse[] = [];
  if (sandbox) ({ company, employees: staff, used: standIns } = withSandboxStandIns(company, staff));
  const collectorsOf = new Map(
    (await wageTypesInForce(scope, payroll, regulations)).map((w) => [w.number, w.collectors] as const),
  );
  const corrections = await taxAtSourceCorrectionsOf(scope, collectorsOf, payroll, period, entries, values);
  const year = period.periodStart.slice(0, 4);
  const withCorrections = staff.map((person): ElmEmployeeInput => {
    const retroCollectors: Record<string, number> = {};
    for (const line of person.lines)
      if (line.retro && line.retroPeriodStart?.slice(0, 4) === year)
        for (const collector of collectorsOf.get(line.number) ?? [])
          retroCollectors[collector] = (retroCollectors[collector] ?? 0) + line.amount;
    const own = corrections.get(person.employeeId);
    if (!own?.length) return { ...person, retroCollectors };
    // A corrected month without a recorded municipality in the canton taxing now: the one declared now (or its stand-in).
    const fallback = taxAtSourceMunicipalityOf(person.caseValues);
    const canton = person.caseValues.TaxAtSourceCanton;
    return {
      ...person,
      retroCollectors,
      taxAtSourceCorrections: own.map((c) =>
        c.municipality === null && c.canton === canton ? { ...c, municipality: fallback } : c,
      ),
    };
  });
  let model: ElmDeclarationModel;
  try {
    model = buildElmDeclarationModel({
      payroll: { name: payroll.name, id: payroll.id, documentLanguage: payroll.documentLanguage },
      company,
      period: { periodStart: period.periodStart, periodEnd: period.periodEnd },
      employees: withCorrections,
      collectionCommission: collectionCommission(regulations, period.periodEnd),
      createdAt: new Date().toISOString(),
      testCase: sandbox,
    });
  } catch (error) {
    if (!(error instanceof ElmDeclarationIncomplete)) throw error;
    throw new Conflict(
      "period.elm_incomplete",
      `The ELM declaration of the period lacks data (${error.problems.length} item(s)); record it and close again.`,
      {
        items: error.problems.map((p) => ({ employeeId: p.employeeId, field: p.field, message: p.message })),
      },
    );
  }
  model.defaults.push(...standIns);
  const xml = renderElmDeclaration(model);
  const name = `elm-declaration-${period.periodStart.slice(0, 7)}.xml`;
  await scope.insert(documents, {
    id: documentIdOf(period.id, "ElmDeclaration", null, name),
    payrollId: payroll.id,
    payrunPeriodId: period.id,
    employeeId: null,
    category: "ElmDeclaration",
    name,
    contentType: "application/xml",
    final: true,
    content: Buffer.from(xml, "utf8"),
    position: ELM_POSITION,
  });
  await scheduleElmSubmission(scope, {
    payrollId: payroll.id,
    payrunPeriodId: period.id,
    categories: declarationCategories(model),
  });
  await scope.update(payrunPeriods, { declaredAt: new Date() }, eq(payrunPeriods.id, period.id));
}

/** A period is declared once the payroll is live from that period on. */
export const isDeclared = (payroll: typeof payrolls.$inferSelect, period: typeof payrunPeriods.$inferSelect) =>
  payroll.transmissionStartDate !== null && period.periodStart >= payroll.transmissionStartDate;

import "server-only";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
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
} from "./model";
import { withSandboxStandIns } from "./stand-ins";
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

/**
 * At the close of a live period: builds the period's ELM declaration from its frozen entries,
 * keeps it as the ElmDeclaration document and schedules its submission, all in the closing
 * transaction. Production refuses the close while the declaration lacks data (409 with every
 * gap); the sandbox fills gaps with the test company's stand-ins, listed in the declaration.
 */
export async function declareElm(
  scope: TenantScope,
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
  let model: ElmDeclarationModel;
  try {
    model = buildElmDeclarationModel({
      payroll: { name: payroll.name, id: payroll.id, documentLanguage: payroll.documentLanguage },
      company,
      period: { periodStart: period.periodStart, periodEnd: period.periodEnd },
      employees: staff,
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

import "server-only";
import { and, asc, eq, gte, inArray, isNull, lte, ne, or } from "drizzle-orm";
import { buildAccountingJournal, type AccountingJournal } from "../accounting/journal";
import { renderAccountingCsv } from "../accounting/csv";
import { loadAccountingInput } from "../accounting/load";
import { caseValues, employees, payoutLines, payouts, payrolls, payrunEntries, payrunPeriods } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import { Conflict } from "../errors";
import { isDocumentLanguage } from "../payrolls/document-language";
import type { Regulations } from "../regulations/store";
import { regulationFor } from "../results/recalculate";
import { buildPayslipModel, type PayslipModel } from "./payslip/model";
import { byEmployee, inForceAt } from "./case-values";
import { drawInPool } from "./pdf/pool";
import type { PlannedDocument } from "./plan";
import { buildSalaryCertificateModel, type SalaryCertificateModel } from "./salary-certificate/model";

type PayrollRow = typeof payrolls.$inferSelect;
type PeriodRow = typeof payrunPeriods.$inferSelect;
type EntryRow = typeof payrunEntries.$inferSelect;

/** What a document is kept as: the frozen model of a PDF, or the bytes of a file that is its own content. */
export type BuiltDocument = { model: StoredModel; content: null } | { model: null; content: Buffer };

export type StoredModel =
  | { kind: "payslip"; payslip: PayslipModel }
  | { kind: "salaryCertificate"; certificate: SalaryCertificateModel }
  | {
      kind: "accountingPdf";
      journal: AccountingJournal;
      payrollName: string;
      language: PayrollRow["documentLanguage"];
      final: boolean;
      createdAt: string;
    };

/**
 * A document whose figures do not add up to the stored entry is never issued: the model builders
 * refuse it, and that refusal is a 409 naming the document (a close waits until it is mended),
 * not a server error.
 */
function inconsistentAsConflict<T>(doc: PlannedDocument, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw new Conflict(
      "document.inconsistent",
      `${doc.name} cannot be made: ${error instanceof Error ? error.message : String(error)}`,
      { documentName: doc.name, employeeId: doc.employeeId },
    );
  }
}

/**
 * Builds the given documents of a period from its current entries (previews) or its frozen
 * entries (at close). One pass loads what every document needs: case values, the year's entries
 * for year-to-date figures and salary certificates, the wage types and the journal.
 */
export async function buildDocuments(
  scope: TenantScope,
  regulations: Regulations,
  payroll: PayrollRow,
  period: PeriodRow,
  planned: PlannedDocument[],
  final: boolean,
): Promise<Map<string, BuiltDocument>> {
  const built = new Map<string, BuiltDocument>();
  const people = planned.filter((d) => d.employeeId !== null).map((d) => d.employeeId!);
  const employeeIds = [...new Set(people)];
  const regulation = regulationFor(regulations, payroll, period.periodEnd);
  const year = period.periodStart.slice(0, 4);

  const values = await scope.rows(
    caseValues,
    and(
      eq(caseValues.payrollId, payroll.id),
      employeeIds.length
        ? or(isNull(caseValues.employeeId), inArray(caseValues.employeeId, employeeIds))
        : isNull(caseValues.employeeId),
    ),
    { orderBy: [asc(caseValues.createdAt), asc(caseValues.id)] },
  );
  const valuesOf = byEmployee(values);
  const company = inForceAt(valuesOf.get(null) ?? [], period.periodEnd);
  const staff = new Map(
    (employeeIds.length ? await scope.rows(employees, inArray(employees.id, employeeIds)) : []).map((e) => [e.id, e]),
  );
  const yearPeriods = await scope.rows(
    payrunPeriods,
    and(
      eq(payrunPeriods.payrollId, payroll.id),
      gte(payrunPeriods.periodStart, `${year}-01-01`),
      lte(payrunPeriods.periodStart, period.periodStart),
    ),
    {
      orderBy: [asc(payrunPeriods.periodStart)],
    },
  );
  const yearEntries = employeeIds.length
    ? await scope.rows(
        payrunEntries,
        and(
          inArray(
            payrunEntries.payrunPeriodId,
            yearPeriods.map((p) => p.id),
          ),
          inArray(payrunEntries.employeeId, employeeIds),
        ),
      )
    : [];
  const periodOf = new Map(yearPeriods.map((p) => [p.id, p]));
  const payoutsOf = await paidInPeriod(scope, period.id, employeeIds);
  const entriesOf = new Map<string, EntryRow[]>();
  for (const entry of yearEntries) entriesOf.set(entry.employeeId, [...(entriesOf.get(entry.employeeId) ?? []), entry]);

  // An employee's own documents speak their correspondence language where set, else the payroll's (contract 9c).
  const subject = (employeeId: string) => {
    const person = staff.get(employeeId)!;
    const employeeValues = inForceAt(valuesOf.get(employeeId) ?? [], period.periodEnd);
    const own = employeeValues.CorrespondenceLanguage;
    return {
      payroll: { name: payroll.name, documentLanguage: isDocumentLanguage(own) ? own : payroll.documentLanguage },
      company,
      employeeValues,
      employee: { identifier: person.identifier, firstName: person.firstName, lastName: person.lastName },
      wageTypes: regulation.wageTypes,
    };
  };

  let journal: AccountingJournal | null = null;
  const accountingJournal = async () => {
    if (journal) return journal;
    const result = buildAccountingJournal(await loadAccountingInput(scope, payroll, period, regulations));
    if (!result.ok) {
      throw new Conflict(
        "accounting.unmapped_wage_types",
        `${result.unmapped.length} wage type(s) cannot be booked: map them to accounts first.`,
        {
          items: result.unmapped.map((u) => ({
            wageTypeNumber: u.wageTypeNumber,
            reason: u.reason,
            message: u.message,
          })),
        },
      );
    }
    return (journal = result.journal);
  };

  for (const doc of planned) {
    if (doc.kind === "payslip") {
      const history = (entriesOf.get(doc.employeeId!) ?? []).sort((a, b) =>
        periodOf.get(a.payrunPeriodId)!.periodStart.localeCompare(periodOf.get(b.payrunPeriodId)!.periodStart),
      );
      const entry = history.find((e) => e.payrunPeriodId === period.id)!;
      const payslip = inconsistentAsConflict(doc, () =>
        buildPayslipModel({
          ...subject(doc.employeeId!),
          period: { periodStart: period.periodStart, periodEnd: period.periodEnd },
          entry,
          payouts: payoutsOf.get(doc.employeeId!) ?? [],
          yearToDateNet: history.reduce((sum, e) => sum + e.net, 0),
          showEmployerContributions: true,
          final,
        }),
      );
      built.set(doc.id, { model: { kind: "payslip", payslip }, content: null });
    } else if (doc.kind === "salaryCertificate") {
      const history = entriesOf.get(doc.employeeId!) ?? [];
      const certificate = inconsistentAsConflict(doc, () =>
        buildSalaryCertificateModel({
          ...subject(doc.employeeId!),
          year: Number(year),
          entries: history.map((e) => ({
            periodStart: periodOf.get(e.payrunPeriodId)!.periodStart,
            periodEnd: periodOf.get(e.payrunPeriodId)!.periodEnd,
            lines: e.lines,
          })),
          issued: { date: period.periodEnd },
          final,
        }),
      );
      built.set(doc.id, { model: { kind: "salaryCertificate", certificate }, content: null });
    } else if (doc.kind === "accountingPdf") {
      built.set(doc.id, {
        model: {
          kind: "accountingPdf",
          journal: await accountingJournal(),
          payrollName: payroll.name,
          language: payroll.documentLanguage,
          final,
          createdAt: new Date().toISOString(),
        },
        content: null,
      });
    } else {
      built.set(doc.id, { model: null, content: Buffer.from(renderAccountingCsv(await accountingJournal()), "utf8") });
    }
  }
  return built;
}

/** Each employee's payouts of the period that are not cancelled, in execution order (iban null: paid outside the service). */
async function paidInPeriod(scope: TenantScope, periodId: string, employeeIds: string[]) {
  const byEmployee = new Map<string, { date: string; amount: number; iban: string | null }[]>();
  if (!employeeIds.length) return byEmployee;
  const rows = await scope
    .select({
      employeeId: payoutLines.employeeId,
      amount: payoutLines.amount,
      iban: payoutLines.iban,
      date: payouts.executionDate,
      external: payouts.external,
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(
      and(
        eq(payoutLines.payrunPeriodId, periodId),
        ne(payouts.status, "cancelled"),
        inArray(payoutLines.employeeId, employeeIds),
      ),
    )
    .orderBy(asc(payouts.executionDate), asc(payouts.createdAt), asc(payoutLines.id));
  for (const row of rows) {
    byEmployee.set(row.employeeId, [
      ...(byEmployee.get(row.employeeId) ?? []),
      { date: row.date, amount: row.amount, iban: row.external ? null : row.iban },
    ]);
  }
  return byEmployee;
}

/**
 * The bytes of a document kept as a model: drawn again on every request, the same every time,
 * in the PDF worker pool (pdf/pool.ts) so that drawing never holds up the server's event loop.
 */
export async function renderModel(model: StoredModel): Promise<Buffer> {
  return drawInPool(model);
}

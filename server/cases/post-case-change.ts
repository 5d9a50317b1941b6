import "server-only";
import { and, eq } from "drizzle-orm";
import { callerKey, type TenantCtx } from "../context";
import { caseChanges, caseValues, lookupValues } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { findVisibleEmployee } from "../employees/get-employee";
import { assertCompanyDataWrite } from "../permissions";
import { Forbidden, Invalid, type FieldError } from "../errors";
import { recordEvent } from "../events/record-event";
import { newId } from "../ids";
import { regulationDate } from "../lookups/initialize-chart";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import type { CaseField } from "../regulations/catalog";
import { storedRegulations, type Regulations } from "../regulations/store";
import { DryRunRollback, compareOpenEntries, snapshotOpenEntries } from "./dry-run";
import { caseCatalog, isSelfServiceCase, needsApproval } from "./definitions";
import { reportChange } from "./report-change";
import type { PostCaseChange } from "./schemas";
import { toCaseChange } from "./to-output";
import { recordAndRecalculate, touchedPeriods } from "../results/recalculate";
import { lockPayrollResults } from "../results/basis";
import { parseCaseValue } from "../regulations/catalog/value-types";

async function lookupKeys(scope: TenantScope, payrollId: string, lookupName: string) {
  const rows = await scope.rows(
    lookupValues,
    and(eq(lookupValues.payrollId, payrollId), eq(lookupValues.lookupName, lookupName)),
  );
  return rows.map((row) => row.key);
}

function constraintsOf(field: CaseField, keys?: string[]) {
  return {
    options: field.options?.map((o) => o.value),
    lookupKeys: keys,
    min: field.min,
    max: field.max,
    refuseQrIban: field.refuseQrIban,
  };
}

/**
 * Records a case change: every value typed and checked against its field, none dated before the
 * payroll's accountingStartDate, all in one transaction with its CaseChangeAdded event. A Self
 * Service report of a change that touches pay is recorded as pending instead (`{ status: "pending",
 * caseChange, taskId }`), for HR to decide.
 */
export async function postCaseChange({
  ctx,
  payrollId,
  input,
  dryRun = false,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: PostCaseChange;
  dryRun?: boolean;
}) {
  const regulations = await storedRegulations();
  try {
    return await record({ ctx, payrollId, input, dryRun, regulations });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result as Awaited<ReturnType<typeof record>>;
    throw error;
  }
}

async function record({
  ctx,
  payrollId,
  input,
  dryRun,
  regulations,
}: {
  ctx: TenantCtx;
  payrollId: string;
  input: PostCaseChange;
  dryRun: boolean;
  regulations: Regulations;
}) {
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    // The employee named is read alongside the regulation date (one round trip), but judged only for an employee case.
    const employeeRead = input.employeeId
      ? findVisibleEmployee(scope, ctx, input.employeeId, { divisionId: payroll.divisionId })
      : null;
    employeeRead?.catch(() => {}); // awaited below for an employee case; otherwise its answer is not needed
    // Whoever records values takes the payroll's results lock first (basis.ts): sent with these reads, awaited by
    // recordAndRecalculate. A Self Service report may be recorded as pending instead, and takes it only when it records values.
    const locking = ctx.access.role === "SelfService" ? null : lockPayrollResults(scope, payroll.id);
    locking?.catch(() => {}); // awaited below when values are recorded; a refusal before that rolls the transaction back
    const catalog = caseCatalog(regulations, payroll, await regulationDate(scope, payroll));
    const definition = catalog.caseByName.get(input.caseName);
    if (!definition)
      throw Invalid.field(
        "caseName",
        `The payroll's regulations have no case "${input.caseName}"; see GET .../cases.`,
        "case.unknown",
      );
    // Company data is the tenant's setting: refused to other roles before its body is judged (403, not 422).
    if (definition.scope === "company") assertCompanyDataWrite(ctx.access, definition.name);

    let employee: Awaited<ReturnType<typeof findVisibleEmployee>> | null = null;
    if (definition.scope === "employee") {
      if (!employeeRead)
        throw Invalid.field(
          "employeeId",
          `${definition.name} is an employee case: name the employee.`,
          "case.employee_required",
        );
      employee = await employeeRead;
    } else if (input.employeeId) {
      throw Invalid.field(
        "employeeId",
        `${definition.name} is a company case: employeeId must be null.`,
        "case.company_case",
      );
    }
    if (ctx.access.role === "SelfService" && !isSelfServiceCase(definition)) {
      throw new Forbidden(
        `Self Service may report ESS and ECT cases only; ${definition.name} is not one of them.`,
        "case.not_self_service",
      );
    }

    const errors: FieldError[] = [];
    let beforeStart = false;
    const parsed: { field: CaseField; value: string; start: string; end: string | null }[] = [];
    for (const [i, item] of input.values.entries()) {
      const field = definition.fields.find((f) => f.name === item.caseFieldName);
      if (!field) {
        errors.push({
          path: `values.${i}.caseFieldName`,
          message: `${definition.name} has no field "${item.caseFieldName}".`,
        });
        continue;
      }
      const keys =
        field.valueType === "lookup" && field.lookup ? await lookupKeys(scope, payroll.id, field.lookup) : undefined;
      const result = parseCaseValue(field.valueType, item.value, constraintsOf(field, keys));
      if (!result.ok) errors.push({ path: `values.${i}.value`, message: `${field.name}: ${result.message}` });
      if (item.start < payroll.accountingStartDate) {
        beforeStart = true;
        errors.push({
          path: `values.${i}.start`,
          message: `No value can start before the payroll's accounting start date (${payroll.accountingStartDate}).`,
        });
      }
      if (item.end && item.end < item.start)
        errors.push({ path: `values.${i}.end`, message: "The end cannot be before the start." });
      if (result.ok) parsed.push({ field, value: result.value, start: item.start, end: item.end ?? null });
    }
    if (errors.length) throw new Invalid(errors, beforeStart ? "case.before_accounting_start" : "validation.failed");

    // Self Service reports changes that touch pay; HR applies them (contract 9b). A dry run shows the effect as if applied.
    if (
      !dryRun &&
      employee &&
      ctx.access.role === "SelfService" &&
      needsApproval(
        definition.name,
        parsed.map((p) => p.field.name),
      )
    ) {
      return reportChange(scope, ctx, {
        payrollId: payroll.id,
        employee,
        definition,
        reason: input.reason ?? null,
        values: parsed.map((p) => ({ fieldName: p.field.name, value: p.value, start: p.start, end: p.end })),
      });
    }

    const affected = input.employeeId ? [input.employeeId] : undefined;
    const before = dryRun ? await snapshotOpenEntries(scope, payroll.id, affected) : null;
    // Recorded at the time the payroll's results lock gives (basis.ts); results are always current:
    // recalculated before the answer, in the same transaction.
    const changeId = newId();
    const {
      written: [change, values],
      outcome,
    } = await recordAndRecalculate(
      scope,
      regulations,
      payroll,
      { employees: affected, from: parsed.map((v) => v.start).sort()[0], locking },
      // The change, its values and its event are sent together on the transaction's connection.
      ({ recorded }) =>
        Promise.all([
          scope.insert(caseChanges, {
            id: changeId,
            payrollId: payroll.id,
            employeeId: input.employeeId,
            caseName: definition.name,
            reason: input.reason ?? null,
            createdBy: callerKey(ctx.caller),
            createdByName: ctx.caller.name,
            createdAt: recorded,
          }),
          scope.insertMany(
            caseValues,
            parsed.map((item) => ({
              id: newId(),
              caseChangeId: changeId,
              payrollId: payroll.id,
              employeeId: input.employeeId,
              caseName: definition.name,
              fieldName: item.field.name,
              value: item.value,
              start: item.start,
              end: item.end,
              createdAt: recorded,
            })),
          ),
          recordEvent(scope, "CaseChangeAdded", {
            payrollId: payroll.id,
            caseChangeId: changeId,
            employeeId: input.employeeId,
            caseName: definition.name,
          }),
        ]),
    );
    const result = { ...toCaseChange(change, values), recalculatedPeriods: touchedPeriods(outcome) };
    if (before?.open && outcome.period) {
      // Calculated like a real change, then rolled back: nothing is stored, no event is recorded.
      const after = await snapshotOpenEntries(scope, payroll.id, affected);
      const periods = await compareOpenEntries(
        scope,
        payroll.id,
        before.open,
        before.entries,
        after.entries,
        "touched" in outcome ? (outcome.touched ?? []) : [],
      );
      throw new DryRunRollback({ ...result, dryRun: true, periods });
    }
    return result;
  });
}

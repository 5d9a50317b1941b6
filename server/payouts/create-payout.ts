import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { valueInForce } from "../cases/in-force";
import { caseValues, documents, employees, payoutLines, payouts, payrunEntries, payrunPeriods } from "../db/schema";
import { inTenant, type TenantScope } from "../db/tenant-scope";
import { todayInZurich } from "../dates";
import { Conflict, Invalid, type FieldError } from "../errors";
import { recordEvent } from "../events/record-event";
import { isUuid, newId } from "../ids";
import { formatRappen, parseChf, toRappen, type Rappen } from "../money/rappen";
import { isZeroRate, parsePercent } from "../money/rate";
import { commitUnderKey } from "../http/idempotency";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { findPayrunPeriod } from "../periods/list-periods";
import { blockingItemsOf, confirmations } from "../results/payroll-control";
import { isShownEntry } from "../results/shown-entries";
import { testHooks } from "../testing/hooks";
import { checkSalaryIban, normalizeIban } from "./iban";
import { openAmountOf, payableNow } from "../results/open-amounts";
import { buildPain001, Pain001InputError, toReference, type Pain001Input, type Pain001Payment } from "./pain001";
import { splitPayment, type SecondAccount } from "./split";
import { creatorOf, settleProcessedPayouts, syncPaidOut, toPayout } from "./payout-state";
import type { CreatePayout } from "./schemas";

type EntryRow = Pick<
  typeof payrunEntries.$inferSelect,
  "id" | "employeeId" | "employed" | "payable" | "carriedForward" | "paidOut" | "issues"
>;
type ValueRow = typeof caseValues.$inferSelect;

/** A reason an employee (or the company, employeeId null) cannot be paid, as Payroll Control shows it. */
export type BlockingItem = {
  employeeId: string | null;
  code: string;
  message: string;
  caseName: string | null;
  field?: string;
};

/** The next bank business day (Monday to Friday) after today in Europe/Zurich. */
export function nextBankBusinessDay(now = new Date()) {
  const date = new Date(`${todayInZurich(now)}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

/** The request's amounts, checked: integer Rappen per employee id, each above zero with at most two decimals. */
function parseAmounts(input: CreatePayout, errors: FieldError[]) {
  const amounts = new Map<string, Rappen>();
  for (const [employeeId, raw] of Object.entries(input.amounts ?? {})) {
    const path = `amounts.${employeeId}`;
    if (!isUuid(employeeId)) {
      errors.push({ path, message: "Not an employee id." });
      continue;
    }
    const parsed = parseChf(raw);
    if (!parsed.ok) errors.push({ path, message: parsed.message });
    else if (parsed.value <= 0) errors.push({ path, message: "A payout amount must be above zero." });
    else if (input.employeeIds && !input.employeeIds.includes(employeeId))
      errors.push({ path, message: "This employee is not among employeeIds." });
    else amounts.set(employeeId.toLowerCase(), parsed.value);
  }
  return amounts;
}

// Field names are unique in the case catalog (as the calculation reads them): EmployeeAddress, EmployeeBankAccount; CompanyAddress, CompanyBankAccount.
const EMPLOYEE_FIELDS = [
  "Street",
  "HouseNumber",
  "PostalCode",
  "City",
  "Country",
  "Iban",
  "SecondIban",
  "SecondAccountHolder",
  "SecondAccountAmount",
  "SecondAccountPercent",
];
const COMPANY_FIELDS = [
  "CompanyStreet",
  "CompanyHouseNumber",
  "CompanyPostalCode",
  "CompanyCity",
  "CompanyCountry",
  "CompanyIban",
  "CompanyBic",
];

/** Reads case values in force at the execution date, or at the end of the period when none is (a value recorded for the period only). */
type Versioned = Pick<ValueRow, "fieldName" | "value" | "start" | "end" | "createdAt" | "id">;
const valuesColumn = sql<
  [fieldName: string, value: string, start: string, end: string | null, createdAt: string, id: string][]
>`json_agg(json_build_array(${caseValues.fieldName}, ${caseValues.value}, ${caseValues.start}, ${caseValues.end}, ${caseValues.createdAt}, ${caseValues.id}))`;

function reader(rows: Versioned[], executionDate: string, periodEnd: string) {
  const byField = new Map<string, Versioned[]>();
  for (const row of rows) {
    const list = byField.get(row.fieldName);
    if (list) list.push(row);
    else byField.set(row.fieldName, [row]);
  }
  return (field: string) => {
    const values = byField.get(field) ?? [];
    const value = (valueInForce(values, executionDate) ?? valueInForce(values, periodEnd))?.value.trim();
    return value ? value : null;
  };
}

/** The company as the debtor of the file, or what it lacks. */
async function loadDebtor(
  scope: TenantScope,
  payrollId: string,
  payrollName: string,
  executionDate: string,
  periodEnd: string,
) {
  const rows = await scope.rows(
    caseValues,
    and(
      eq(caseValues.payrollId, payrollId),
      isNull(caseValues.employeeId),
      inArray(caseValues.fieldName, COMPANY_FIELDS),
    ),
  );
  const value = reader(rows, executionDate, periodEnd);
  const missing: BlockingItem[] = [];
  const iban = value("CompanyIban");
  const town = value("CompanyCity");
  if (!iban)
    missing.push({
      employeeId: null,
      code: "payout.missing_company_iban",
      message: "The company has no bank account (CompanyIban) to pay from.",
      caseName: "CompanyBankAccount",
      field: "CompanyIban",
    });
  else if (checkSalaryIban(iban).ok !== true) {
    missing.push({
      employeeId: null,
      code: "payout.invalid_company_iban",
      message: "The company's IBAN is not a valid IBAN to pay from (a QR-IBAN cannot be used).",
      caseName: "CompanyBankAccount",
      field: "CompanyIban",
    });
  }
  if (!town)
    missing.push({
      employeeId: null,
      code: "payout.missing_company_town",
      message: "The company's address has no town (CompanyCity); the payment file needs at least town and country.",
      caseName: "CompanyAddress",
      field: "CompanyCity",
    });
  if (missing.length) return { missing };
  return {
    missing,
    debtor: {
      name: payrollName,
      iban: normalizeIban(iban!),
      bic: value("CompanyBic"),
      address: {
        street: value("CompanyStreet"),
        buildingNumber: value("CompanyHouseNumber"),
        postCode: value("CompanyPostalCode"),
        town: town!,
        country: (value("CompanyCountry") ?? "CH").toUpperCase(),
      },
    } satisfies Pain001Input["debtor"],
  };
}

type Creditor = {
  name: string;
  iban: string;
  address: Pain001Payment["creditor"]["address"];
  second: SecondAccount | null;
};

/**
 * The employee's second account (split salary payment) in force, or what makes it unusable. A field
 * cannot be emptied once recorded, so zero means "not set": HR switches from a fixed amount to a
 * percentage by recording the amount as 0, and ends the split by recording both as 0.
 */
function secondAccountOf(
  employeeId: string,
  value: (field: string) => string | null,
): SecondAccount | null | BlockingItem[] {
  const item = (code: string, message: string, field: string): BlockingItem[] => [
    { employeeId, code, message, caseName: "EmployeeSecondBankAccount", field },
  ];
  const amount = value("SecondAccountAmount");
  const share = value("SecondAccountPercent");
  const fixed = amount === null ? null : parseChf(amount);
  const rate = share === null ? null : parsePercent(share);
  if (fixed && !fixed.ok)
    return item("payout.invalid_split", "The second account's fixed amount is not an amount.", "SecondAccountAmount");
  if (rate && !rate.ok)
    return item("payout.invalid_split", "The second account's percentage is not a percentage.", "SecondAccountPercent");
  const fixedPerPeriod = fixed?.ok && fixed.value > 0 ? fixed.value : null;
  const shareOfEach = rate?.ok && !isZeroRate(rate.value) ? rate.value : null;
  if (fixedPerPeriod === null && shareOfEach === null) return null;
  const iban = value("SecondIban");
  if (!iban)
    return item("payout.invalid_split", "A share for a second account is set, but no second IBAN.", "SecondIban");
  if (checkSalaryIban(iban).ok !== true)
    return item(
      "payout.invalid_second_iban",
      "The second account's IBAN cannot receive the salary (invalid, or a QR-IBAN).",
      "SecondIban",
    );
  if (fixedPerPeriod !== null && shareOfEach !== null) {
    return item(
      "payout.invalid_split",
      "The second account has both a fixed amount and a percentage: record the one not wanted as 0.",
      "SecondAccountAmount",
    );
  }
  const holder = value("SecondAccountHolder");
  return fixedPerPeriod !== null
    ? { iban: normalizeIban(iban), holder, fixedPerPeriod }
    : { iban: normalizeIban(iban), holder, share: shareOfEach! };
}

/**
 * Each employee as a creditor of the file, or what they lack to be paid. For many employees the
 * payroll's address and bank fields are read whole (one indexed scan instead of a long id list).
 */
async function loadCreditors(
  scope: TenantScope,
  payrollId: string,
  employeeIds: string[],
  executionDate: string,
  periodEnd: string,
) {
  const people = new Map<string, Creditor | { missing: BlockingItem[] }>();
  if (!employeeIds.length) return people;
  const wanted = new Set(employeeIds);
  const many = employeeIds.length > 200;
  const staff = (
    await scope.tx
      .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(scope.where(employees, many ? undefined : inArray(employees.id, employeeIds)))
  ).filter((e) => wanted.has(e.id));
  // One row per employee with their values as a JSON array: far cheaper to read than a row per value.
  const grouped = await scope.tx
    .select({ employeeId: caseValues.employeeId, values: valuesColumn })
    .from(caseValues)
    .where(
      scope.where(
        caseValues,
        eq(caseValues.payrollId, payrollId),
        many ? undefined : inArray(caseValues.employeeId, employeeIds),
        inArray(caseValues.fieldName, EMPLOYEE_FIELDS),
      ),
    )
    .groupBy(caseValues.employeeId);
  const byEmployee = new Map<string, Versioned[]>();
  for (const { employeeId, values } of grouped) {
    if (employeeId === null || !wanted.has(employeeId)) continue;
    byEmployee.set(
      employeeId,
      values.map(([fieldName, value, start, end, createdAt, id]) => ({
        fieldName,
        value,
        start,
        end,
        createdAt: new Date(createdAt),
        id,
      })),
    );
  }
  for (const employee of staff) {
    const value = reader(byEmployee.get(employee.id) ?? [], executionDate, periodEnd);
    const missing: BlockingItem[] = [];
    const iban = value("Iban");
    const town = value("City");
    const country = value("Country");
    if (!iban)
      missing.push({
        employeeId: employee.id,
        code: "payout.missing_iban",
        message: `No IBAN in force on ${executionDate} to pay the salary to.`,
        caseName: "EmployeeBankAccount",
        field: "Iban",
      });
    else if (checkSalaryIban(iban).ok !== true) {
      missing.push({
        employeeId: employee.id,
        code: "payout.invalid_iban",
        message: "The employee's IBAN cannot receive the salary (invalid, or a QR-IBAN).",
        caseName: "EmployeeBankAccount",
        field: "Iban",
      });
    }
    if (!town)
      missing.push({
        employeeId: employee.id,
        code: "payout.missing_town",
        message: "The employee's address has no town (City); the payment file needs at least town and country.",
        caseName: "EmployeeAddress",
        field: "City",
      });
    if (!country)
      missing.push({
        employeeId: employee.id,
        code: "payout.missing_country",
        message: "The employee's address has no country.",
        caseName: "EmployeeAddress",
        field: "Country",
      });
    const second = secondAccountOf(employee.id, value);
    if (Array.isArray(second)) missing.push(...second);
    people.set(
      employee.id,
      missing.length
        ? { missing }
        : {
            name: `${employee.firstName} ${employee.lastName}`.trim(),
            iban: normalizeIban(iban!),
            address: {
              street: value("Street"),
              buildingNumber: value("HouseNumber"),
              postCode: value("PostalCode"),
              town: town!,
              country: country!.toUpperCase(),
            },
            second: second as SecondAccount | null,
          },
    );
  }
  return people;
}

/**
 * What the period's payouts that are not cancelled have paid so far to each employee's second
 * account, for the employees whose second account takes a fixed amount per period.
 */
async function paidToSecondAccounts(scope: TenantScope, payrunPeriodId: string, secondIbanOf: Map<string, string>) {
  const paid = new Map<string, Rappen>();
  if (!secondIbanOf.size) return paid;
  const rows = await scope.tx
    .select({
      employeeId: payoutLines.employeeId,
      iban: payoutLines.iban,
      amount: sql<string>`sum(${payoutLines.amount})`,
    })
    .from(payoutLines)
    .innerJoin(payouts, and(eq(payouts.tenantId, payoutLines.tenantId), eq(payouts.id, payoutLines.payoutId)))
    .where(
      scope.where(
        payoutLines,
        eq(payoutLines.payrunPeriodId, payrunPeriodId),
        inArray(payoutLines.employeeId, [...secondIbanOf.keys()]),
        sql`${payouts.status} <> 'cancelled'`,
      ),
    )
    .groupBy(payoutLines.employeeId, payoutLines.iban);
  for (const row of rows)
    if (secondIbanOf.get(row.employeeId) === row.iban) paid.set(row.employeeId, toRappen(BigInt(row.amount)));
  return paid;
}

/**
 * Pays open amounts of the open period (contract section 8) in one transaction: the selected
 * employees' entry rows are locked (in employee order, so that concurrent payouts queue instead of
 * deadlocking) before their open amounts are read, and the payout, its lines, the pain.001 file
 * (a PaymentFile document), PayoutCreated and the entries' paid_out are written before the locks
 * are released. So concurrent requests, with or without Idempotency-Key, never pay more than open.
 */
export async function createPayout({
  ctx,
  payrollId,
  payrunPeriodId,
  input,
  receivedAt,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  input: CreatePayout;
  receivedAt: Date;
}) {
  const today = todayInZurich(receivedAt);
  const errors: FieldError[] = [];
  const amounts = parseAmounts(input, errors);
  const executionDate = input.executionDate ?? nextBankBusinessDay(receivedAt);
  if (executionDate < today)
    errors.push({
      path: "executionDate",
      message: `The execution date may not lie in the past (today is ${today} in Europe/Zurich).`,
    });
  const explicit = input.employeeIds ? [...new Set(input.employeeIds.map((id) => id.toLowerCase()))] : null;

  const created = await inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const found = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    // Shared: payouts of the period run side by side; closing it (FOR UPDATE) waits for them.
    const [period] = await scope.tx
      .select()
      .from(payrunPeriods)
      .where(scope.where(payrunPeriods, eq(payrunPeriods.id, found.id)))
      .for("share");
    if (!period || period.status !== "open")
      throw new Conflict(
        "period.not_open",
        `The period from ${found.periodStart} is ${period?.status ?? found.status}; payouts are made in the open period only.`,
      );
    await settleProcessedPayouts(scope, payrollId, receivedAt);

    const wanted = explicit;
    // Only what the open amount and Payroll Control need: an entry's lines are most of its size.
    const entries: EntryRow[] = await scope.tx
      .select({
        id: payrunEntries.id,
        employeeId: payrunEntries.employeeId,
        employed: payrunEntries.employed,
        payable: payrunEntries.payable,
        carriedForward: payrunEntries.carriedForward,
        paidOut: payrunEntries.paidOut,
        issues: payrunEntries.issues,
      })
      .from(payrunEntries)
      .where(
        scope.where(
          payrunEntries,
          eq(payrunEntries.payrunPeriodId, period.id),
          wanted ? inArray(payrunEntries.employeeId, wanted) : undefined,
        ),
      )
      .orderBy(asc(payrunEntries.employeeId))
      .for("update");
    const entryOf = new Map(entries.map((e) => [e.employeeId, e]));
    explicit?.forEach((id, i) => {
      if (!entryOf.has(id)) errors.push({ path: `employeeIds.${i}`, message: "No such employee in this period." });
    });
    for (const id of amounts.keys())
      if (!explicit && !entryOf.has(id))
        errors.push({ path: `amounts.${id}`, message: "No such employee in this period." });
    if (errors.length) throw new Invalid(errors);

    // Who is asked for by name (refused when blocked) and who is paid because everyone is (skipped when blocked).
    const named = new Set<string>(explicit ?? amounts.keys());
    const confirmed = await confirmations(scope, payrollId, period.periodStart, period.periodEnd);
    // An employee the period does not show (not in payroll in it, nothing open) has no Payroll Control items
    // (controlling lists them as not in payroll, non-blocking): asked for by name, nothing is open for them.
    const outsidePeriod = (e: EntryRow) => !isShownEntry(e) && payableNow(e) <= 0;
    const candidates = entries.filter(
      (e) => !outsidePeriod(e) && (named.has(e.employeeId) || (!explicit && payableNow(e) > 0)),
    );
    const blocked: BlockingItem[] = [];
    const blockedIds = new Set<string>();
    const payable: EntryRow[] = [];
    for (const entry of candidates) {
      const items = blockingItemsOf(entry, confirmed.get(entry.employeeId) ?? new Set());
      if (items.length) {
        blockedIds.add(entry.employeeId);
        if (named.has(entry.employeeId))
          blocked.push(
            ...items.map((i) => ({
              employeeId: entry.employeeId,
              code: i.code,
              message: i.message,
              caseName: i.caseName,
              ...(i.field ? { field: i.field } : {}),
            })),
          );
        continue;
      }
      if (amounts.has(entry.employeeId) || payableNow(entry) > 0) payable.push(entry);
    }
    const creditors = await loadCreditors(
      scope,
      payrollId,
      payable.map((e) => e.employeeId),
      executionDate,
      period.periodEnd,
    );
    const paid = payable.filter((entry) => {
      const creditor = creditors.get(entry.employeeId);
      if (creditor && "missing" in creditor) {
        if (named.has(entry.employeeId)) blocked.push(...creditor.missing);
        return false;
      }
      return creditor !== undefined;
    });
    if (blocked.length) {
      const who = [...new Set(blocked.map((b) => b.employeeId))].length;
      throw new Conflict(
        "payout.blocked",
        `${who} selected employee(s) cannot be paid: resolve their Payroll Control items first.`,
        { items: blocked },
      );
    }

    const exceeding: FieldError[] = entries
      .filter((e) => outsidePeriod(e) && amounts.has(e.employeeId))
      .map((e) => ({
        path: `amounts.${e.employeeId}`,
        message: `The amount exceeds the open amount of ${formatRappen(0)}.`,
      }));
    const lines = paid.flatMap((entry) => {
      const open = payableNow(entry);
      const amount = amounts.get(entry.employeeId) ?? open;
      if (amount > open) {
        exceeding.push({
          path: `amounts.${entry.employeeId}`,
          message: `The amount exceeds the open amount of ${formatRappen(Math.max(0, openAmountOf(entry)))}.`,
        });
      }
      return amount > 0 ? [{ id: newId(), entry, amount }] : [];
    });
    if (exceeding.length) throw new Invalid(exceeding, "payout.exceeds_open_amount");
    if (!lines.length)
      throw new Conflict("payout.nothing_open", "Nothing positive is open for the selected employees.");

    const company = await loadDebtor(scope, payrollId, payroll.name, executionDate, period.periodEnd);
    if (!company.debtor)
      throw new Conflict("payout.blocked", "The company cannot pay: resolve its bank account and address first.", {
        items: company.missing,
      });

    const payoutId = newId();
    const documentId = newId();
    const createdAt = new Date();
    const month = `${period.periodStart.slice(5, 7)}.${period.periodStart.slice(0, 4)}`;
    const fixedSecondIbans = new Map<string, string>();
    for (const { entry } of lines) {
      const second = (creditors.get(entry.employeeId) as Creditor).second;
      if (second && "fixedPerPeriod" in second) fixedSecondIbans.set(entry.employeeId, second.iban);
    }
    const toSecondSoFar = await paidToSecondAccounts(scope, period.id, fixedSecondIbans);
    // A split salary payment becomes two lines of the file (second account first), each with its own reference.
    const paymentLines = lines.flatMap(({ id, entry, amount }) => {
      const creditor = creditors.get(entry.employeeId) as Creditor;
      const line = (lineId: string, part: Rappen, iban: string, name: string) => ({
        id: lineId,
        employeeId: entry.employeeId,
        amount: part,
        iban,
        endToEndId: toReference(lineId),
        creditor: { name, address: creditor.address },
      });
      if (!creditor.second) return [line(id, amount, creditor.iban, creditor.name)];
      const { toSecond, toMain } = splitPayment(amount, creditor.second, toSecondSoFar.get(entry.employeeId) ?? 0);
      return [
        ...(toSecond > 0
          ? [line(newId(), toSecond, creditor.second.iban, creditor.second.holder ?? creditor.name)]
          : []),
        ...(toMain > 0 ? [line(id, toMain, creditor.iban, creditor.name)] : []),
      ];
    });
    let file;
    try {
      file = buildPain001({
        messageId: toReference(payoutId),
        createdAt,
        initiatingParty: { name: payroll.name },
        debtor: company.debtor,
        payments: paymentLines.map((line) => ({
          executionDate,
          endToEndId: line.endToEndId,
          instructionId: line.endToEndId,
          amount: line.amount,
          currency: "CHF",
          creditor: { name: line.creditor.name, address: line.creditor.address },
          creditorIban: line.iban,
          remittance: `Lohn ${month}`,
        })),
      });
    } catch (error) {
      if (!(error instanceof Pain001InputError)) throw error;
      const employeeId = error.payment ? (paymentLines[error.payment.index]?.employeeId ?? null) : null;
      throw new Conflict("payout.blocked", `The payment file cannot be written: ${error.message}`, {
        items: [{ employeeId, code: error.code, message: error.message, caseName: null, path: error.path }],
      });
    }

    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const row = await scope.insert(payouts, {
      id: payoutId,
      payrollId,
      payrunPeriodId: period.id,
      // Executed today: processed from the start (contract 8: once its execution date has begun), as settleProcessedPayouts stores it.
      ...(executionDate <= today
        ? { status: "processed" as const, processedAt: sql`(${executionDate}::timestamp at time zone 'Europe/Zurich')` }
        : { status: "created" as const }),
      executionDate,
      total,
      count: paymentLines.length,
      external: false,
      messageId: file.messageId,
      documentId,
      createdAt,
      createdBy: creatorOf(ctx.caller),
    });
    // One statement per 2,000 lines, as one JSON parameter (the text never changes, so it is prepared once).
    for (let i = 0; i < paymentLines.length; i += 2000) {
      const chunk = paymentLines.slice(i, i + 2000).map((l) => ({
        id: l.id,
        employee_id: l.employeeId,
        amount: l.amount,
        iban: l.iban,
        end_to_end_id: l.endToEndId,
      }));
      await scope.tx.execute(sql`
        insert into payout_lines (id, tenant_id, payout_id, payroll_id, payrun_period_id, employee_id, amount, iban, end_to_end_id, created_at)
        select r.id, ${scope.tenantId}::uuid, ${payoutId}::uuid, ${payrollId}::uuid, ${period.id}::uuid, r.employee_id, r.amount, r.iban, r.end_to_end_id, ${createdAt.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(chunk)}::text::json) as r(id uuid, employee_id uuid, amount bigint, iban text, end_to_end_id text)`);
    }
    // Not read back: the file is large and already at hand. It goes in as text, stored as its UTF-8
    // bytes (file.bytes): a bytea parameter costs the embedded database (PGlite) about 15 times as much.
    await scope.tx.insert(documents).values({
      tenantId: scope.tenantId,
      id: documentId,
      payrollId,
      payrunPeriodId: period.id,
      employeeId: null,
      category: "PaymentFile",
      name: `pain001-${executionDate}-${payoutId.slice(-8)}.xml`,
      contentType: "application/xml",
      final: true,
      model: null,
      content: sql`convert_to(${file.xml}, 'UTF8')`,
      position: 10_000,
      createdAt,
    });
    await syncPaidOut(
      scope,
      period.id,
      lines.map((l) => l.entry.employeeId),
    );
    await recordEvent(scope, "PayoutCreated", { payrollId, payrunPeriodId: period.id, payoutId });
    await commitUnderKey(scope.tx, payoutId);
    testHooks.fault?.("payout.before-commit");
    const lineRows = paymentLines.map((l) => ({
      id: l.id,
      tenantId: scope.tenantId,
      payoutId,
      payrollId,
      payrunPeriodId: period.id,
      employeeId: l.employeeId,
      amount: l.amount,
      iban: l.iban,
      endToEndId: l.endToEndId,
      createdAt,
    }));
    return {
      payout: toPayout(row, lineRows),
      paymentFile: { documentId, contentType: "application/xml" as const, content: file.xml },
      bytes: file.bytes,
    };
  });
  testHooks.fault?.("payout.after-commit");
  return created;
}

/**
 * What keeps the payment file from paying the open period's employees (and the company from paying
 * at all), checked as a payout on the next bank business day would: the Payouts screen shows it
 * before anyone confirms, beside the Payroll Control items. Reads only.
 */
export async function paymentFileBlockers({
  ctx,
  payrollId,
  payrunPeriodId,
  now = new Date(),
}: {
  ctx: TenantCtx;
  payrollId: string;
  payrunPeriodId: string;
  now?: Date;
}) {
  return inTenant(ctx, async (scope) => {
    const payroll = await findVisiblePayroll(scope, ctx, payrollId);
    const period = await findPayrunPeriod(scope, payrollId, payrunPeriodId);
    const executionDate = nextBankBusinessDay(now);
    const entries = await scope.tx
      .select({ employeeId: payrunEntries.employeeId })
      .from(payrunEntries)
      .where(scope.where(payrunEntries, eq(payrunEntries.payrunPeriodId, period.id)));
    const creditors = await loadCreditors(
      scope,
      payrollId,
      entries.map((e) => e.employeeId),
      executionDate,
      period.periodEnd,
    );
    const employeesBlocked = new Map<string, BlockingItem[]>();
    for (const [employeeId, creditor] of creditors)
      if ("missing" in creditor) employeesBlocked.set(employeeId, creditor.missing);
    const company = await loadDebtor(scope, payrollId, payroll.name, executionDate, period.periodEnd);
    return { company: company.missing, employees: employeesBlocked };
  });
}

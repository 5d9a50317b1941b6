import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { valueInForce } from "../../bitemporal/in-force";
import { caseValues, employees } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { parseChf } from "../../money/rappen";
import { isZeroRate, parsePercent } from "../../money/rate";
import { checkSalaryIban, normalizeIban } from "../iban";
import type { Pain001Input, Pain001Payment } from "../pain001";
import type { SecondAccount } from "../split";

/*
 * The parties of the payment file, read from case values in force at the execution date: the
 * company as debtor, each employee as creditor (with a second account for a split salary payment),
 * or what each lacks to pay or be paid.
 */

type ValueRow = typeof caseValues.$inferSelect;

/** A reason an employee (or the company, employeeId null) cannot be paid, as Payroll Control shows it. */
export type BlockingItem = {
  employeeId: string | null;
  code: string;
  message: string;
  caseName: string | null;
  field?: string;
};

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
export async function loadDebtor(
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

export type Creditor = {
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
export async function loadCreditors(
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
    await scope
      .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(many ? undefined : inArray(employees.id, employeeIds))
  ).filter((e) => wanted.has(e.id));
  // One row per employee with their values as a JSON array: far cheaper to read than a row per value.
  const grouped = await scope
    .select({ employeeId: caseValues.employeeId, values: valuesColumn })
    .from(caseValues)
    .where(
      and(
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

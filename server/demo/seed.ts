import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createSystemUser, verifyClientCredentials } from "../auth/system-users";
import type { TenantCtx } from "../context";
import { getDb } from "../db/client";
import { employees, memberships, payrolls, tenants } from "../db/schema";
import { devSubjectOf } from "../auth/dev-token";
import { DEMO_PEOPLE } from "../auth/dev-people";
import { createEmployee } from "../workflows/create-employee";
import { devIdpIssuer, env, usesDevIdentityProvider } from "../env";
import { newId } from "../ids";
import { createPayroll } from "../workflows/create-payroll";
import { postCaseChange } from "../cases/post-case-change";
import { upsertUser } from "../users/upsert-user";

const DEMO_EMPLOYEES = [
  { identifier: "1001", firstName: "Lea", lastName: "Müller" },
  { identifier: "1002", firstName: "Noah", lastName: "Meier" },
  { identifier: "1003", firstName: "Mia", lastName: "Schmid" },
  { identifier: "1004", firstName: "Luca", lastName: "Keller" },
  { identifier: "1005", firstName: "Chloé", lastName: "Favre" },
];

/** The demo company's data (the Swissdec test company's address and UID), from January 2026. */
const DEMO_COMPANY: Record<string, Record<string, string>> = {
  CompanyAddress: {
    CompanyStreet: "Bahnhofstrasse",
    CompanyHouseNumber: "1",
    CompanyPostalCode: "6003",
    CompanyCity: "Luzern",
    CompanyCountry: "CH",
  },
  CompanyRegistration: { CompanyUid: "CHE-999.999.996" },
  CompanyBankAccount: { CompanyIban: "CH5604835012345678009" },
  CompanyAhv: { AhvFundNumber: "003", AhvMemberNumber: "100-9976.9" },
  CompanyUvg: {
    UvgInsurer: "Suva",
    UvgCustomerNumber: "1234-5678",
    UvgContractNumber: "1",
    NbuRate: "1.2",
    BuRate: "0.175",
  },
  CompanyFak: { FakCanton: "LU", FakRate: "1.35" },
};

/**
 * Four demo employees with everything a payslip needs, so that the console shows results,
 * previews and a period that can be closed; 1004 is left empty for Payroll Control (its e2e test
 * records it through the forms).
 */
const DEMO_RECORDS: Record<string, Record<string, Record<string, string>>> = {
  "1001": {
    EmployeePersonalData: {
      BirthDate: "1988-04-12",
      Sex: "female",
      AhvNumber: "756.3598.1127.37",
      Nationality: "CH",
      CivilStatus: "single",
    },
    EmployeeAddress: {
      Street: "Seestrasse",
      HouseNumber: "12",
      PostalCode: "6004",
      City: "Luzern",
      Country: "CH",
      ResidenceCanton: "LU",
    },
    EmployeeBankAccount: { Iban: "CH9300762011623852957" },
    Employment: { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "LU" },
    Salary: { SalaryType: "monthly", MonthlySalary: "6500.00" },
  },
  "1002": {
    EmployeePersonalData: {
      BirthDate: "1979-09-03",
      Sex: "male",
      AhvNumber: "756.6417.0995.23",
      Nationality: "CH",
      CivilStatus: "married",
    },
    EmployeeAddress: {
      Street: "Pilatusstrasse",
      HouseNumber: "4",
      PostalCode: "6003",
      City: "Luzern",
      Country: "CH",
      ResidenceCanton: "LU",
    },
    EmployeeBankAccount: { Iban: "CH5604835012345678009" },
    Employment: { EntryDate: "2026-01-01", ActivityRate: "100", WorkplaceCanton: "LU" },
    Salary: { SalaryType: "monthly", MonthlySalary: "8200.00" },
  },
  "1003": {
    EmployeePersonalData: {
      BirthDate: "1995-01-20",
      Sex: "female",
      AhvNumber: "756.1234.5678.97",
      Nationality: "CH",
      CivilStatus: "single",
    },
    EmployeeAddress: {
      Street: "Haldenstrasse",
      HouseNumber: "7",
      PostalCode: "6006",
      City: "Luzern",
      Country: "CH",
      ResidenceCanton: "LU",
    },
    EmployeeBankAccount: { Iban: "CH9300762011623852957" },
    Employment: { EntryDate: "2026-01-01", ActivityRate: "80", WorkplaceCanton: "LU" },
    Salary: { SalaryType: "monthly", MonthlySalary: "4800.00" },
  },
  "1005": {
    EmployeePersonalData: {
      BirthDate: "1990-06-30",
      Sex: "female",
      AhvNumber: "756.9217.0769.85",
      Nationality: "CH",
      CivilStatus: "married",
    },
    EmployeeAddress: {
      Street: "Rue du Lac",
      HouseNumber: "3",
      PostalCode: "1003",
      City: "Lausanne",
      Country: "CH",
      ResidenceCanton: "VD",
    },
    EmployeeBankAccount: { Iban: "CH5604835012345678009" },
    Employment: { EntryDate: "2026-01-01", ActivityRate: "60", WorkplaceCanton: "LU" },
    Salary: { SalaryType: "monthly", MonthlySalary: "3900.00" },
  },
};

async function seedDemoCases(ctx: TenantCtx, payrollId: string, employeeIds: Map<string, string>) {
  const record = (caseName: string, employeeId: string | null, values: Record<string, string>) =>
    postCaseChange({
      ctx,
      payrollId,
      input: {
        caseName,
        employeeId,
        reason: "Demo data",
        values: Object.entries(values).map(([caseFieldName, value]) => ({ caseFieldName, value, start: "2026-01-01" })),
      },
    });
  for (const [caseName, values] of Object.entries(DEMO_COMPANY)) await record(caseName, null, values);
  for (const [identifier, cases] of Object.entries(DEMO_RECORDS)) {
    for (const [caseName, values] of Object.entries(cases))
      await record(caseName, employeeIds.get(identifier)!, values);
  }
}

type DemoCredentials = { clientId: string; clientSecret: string };
const credentialsFile = () => path.join(path.dirname(path.resolve(env().PGLITE_DATA_DIR)), "demo-system-user.json");

function readCredentials(): DemoCredentials | null {
  try {
    return JSON.parse(readFileSync(credentialsFile(), "utf8")) as DemoCredentials;
  } catch {
    return null;
  }
}

/** The demo system user; its secret is kept in the data folder (ignored by git) so every start can print it. */
async function demoSystemUser() {
  const saved = readCredentials();
  const valid = saved ? await verifyClientCredentials(saved.clientId, saved.clientSecret) : null;
  if (valid && saved) return { id: valid.id, ...saved };
  const created = await createSystemUser("Demo backend");
  mkdirSync(path.dirname(credentialsFile()), { recursive: true });
  writeFileSync(
    credentialsFile(),
    JSON.stringify({ clientId: created.clientId, clientSecret: created.clientSecret }, null, 2),
    { mode: 0o600 },
  );
  return created;
}

/**
 * Until memberships can be managed (people issue), the seed gives each demo person of the
 * development identity provider their role in the demo tenant: the manager is assigned the demo
 * payroll, the two employees are linked to the first two demo employees.
 */
async function seedDemoMemberships(tenantId: string) {
  const db = await getDb();
  const [payroll] = await db.select().from(payrolls).where(eq(payrolls.tenantId, tenantId)).limit(1);
  const staff = await db
    .select()
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), inArray(employees.identifier, ["1001", "1002"])));
  const employeeOf = (identifier: string) => staff.find((e) => e.identifier === identifier)?.id ?? null;
  const linked: Record<string, string | null> = {
    "employee1@demo.example": employeeOf("1001"),
    "employee2@demo.example": employeeOf("1002"),
  };
  for (const person of DEMO_PEOPLE) {
    // The demo people read the console in English until they choose their language in "Your settings".
    const user = await upsertUser(
      {
        issuer: devIdpIssuer(),
        subject: devSubjectOf(person.email),
        email: person.email,
        name: person.name,
        emailVerified: true,
      },
      { culture: "en-CH" },
    );
    await db
      .insert(memberships)
      .values({
        id: newId(),
        tenantId,
        userId: user.id,
        role: person.role,
        payrollIds: person.role === "Manager" && payroll ? [payroll.id] : [],
        employeeId: person.role === "SelfService" ? (linked[person.email] ?? null) : null,
      })
      .onConflictDoNothing();
  }
}

export function wantsDemo() {
  const flag = env().SEED_DEMO;
  if (flag) return flag === "true";
  return env().SERVICE_ENVIRONMENT !== "production";
}

/** Demo tenant, payroll, employees and the demo administrator's membership; idempotent. */
export async function seedDemo() {
  const db = await getDb();
  const systemUser = await demoSystemUser();
  let [tenant] = await db.select().from(tenants).where(eq(tenants.isDemo, true)).limit(1);
  if (!tenant) {
    [tenant] = await db
      .insert(tenants)
      .values({ id: newId(), name: "Muster AG (Demo)", createdBySystemUserId: systemUser.id, isDemo: true })
      .returning();
    const ctx: TenantCtx = {
      caller: { kind: "system", systemUserId: systemUser.id, name: "Demo backend" },
      tenantId: tenant!.id,
      access: { tenantId: tenant!.id, role: "Administrator", payrollIds: [], employeeId: null },
    };
    const { payroll } = await createPayroll({
      ctx,
      input: { name: "Muster AG", accountingStartDate: "2026-01-01", documentLanguage: "de", countryRegulation: "CH" },
    });
    const employeeIds = new Map<string, string>();
    for (const employee of DEMO_EMPLOYEES) {
      const created = await createEmployee({ ctx, input: { ...employee, divisionId: payroll.divisionId } });
      employeeIds.set(employee.identifier, created.employee.id);
    }
    await seedDemoCases(ctx, payroll.id, employeeIds);
  } else if (tenant.createdBySystemUserId !== systemUser.id) {
    await db.update(tenants).set({ createdBySystemUserId: systemUser.id }).where(eq(tenants.id, tenant.id));
  }
  if (usesDevIdentityProvider()) await seedDemoMemberships(tenant!.id);
  return { tenantId: tenant!.id, clientId: systemUser.clientId, clientSecret: systemUser.clientSecret };
}

export async function seedDemoIfWanted() {
  if (!wantsDemo()) return;
  const demo = await seedDemo();
  const url = env().PUBLIC_URL;
  const lines = [
    "",
    "Demo data ready.",
    `  Console:      ${url}  (sign in with the development identity provider as ${DEMO_PEOPLE.map((p) => `${p.email} (${p.role})`).join(", ")})`,
    `  Demo tenant:  ${demo.tenantId}`,
    `  System user:  clientId=${demo.clientId}`,
    `                clientSecret=${demo.clientSecret}`,
    `  Token:        curl -s -X POST ${url}/api/oauth/token -d grant_type=client_credentials -d client_id=${demo.clientId} -d client_secret=${demo.clientSecret}`,
    `  API document: ${url}/api/openapi.json`,
    "",
  ];
  console.log(lines.join("\n"));
}

import type { ElmDefaultUse } from "./model";

/**
 * The sandbox's stand-ins for declaration data that is not recorded: the Swissdec test company
 * "Muster AG" (Bahnhofstrasse 1, 6003 Luzern, ../shared/domain/swiss-payroll.md section 3) and
 * neutral person data. The sandbox submits to a simulated distributor, so a period of a payroll
 * with incomplete data can still be tried end to end; every stand-in is listed in the
 * declaration's `defaults`. Production never uses them: there the missing data blocks the close.
 */
const COMPANY: Record<string, string> = {
  CompanyStreet: "Bahnhofstrasse",
  CompanyHouseNumber: "1",
  CompanyPostalCode: "6003",
  CompanyCity: "Luzern",
  AhvFundNumber: "003",
  AhvMemberNumber: "100-9976.9",
  FakCanton: "LU",
  UvgCustomerNumber: "1234-5678",
  UvgContractNumber: "1",
  BvgContractNumber: "1099-8777.1",
};

const PERSON: Record<string, string> = {
  Sex: "female",
  BirthDate: "1980-01-01",
  PostalCode: "6003",
  City: "Luzern",
  ResidenceCanton: "LU",
  ActivityRate: "100",
  TaxAtSourceCanton: "LU",
  TaxAtSourceMunicipality: "1061",
};

function fill(
  values: Record<string, string>,
  standIns: Record<string, string>,
  employeeId: string | null,
  used: ElmDefaultUse[],
  only?: (field: string) => boolean,
) {
  const filled = { ...values };
  for (const [field, value] of Object.entries(standIns)) {
    if (filled[field] !== undefined && filled[field] !== "") continue;
    if (only && !only(field)) continue;
    filled[field] = value;
    used.push({ element: field, value, reason: `Sandbox stand-in: ${field} is not recorded.`, employeeId });
  }
  return filled;
}

export function withSandboxStandIns<E extends { employeeId: string; caseValues: Record<string, string> }>(
  company: Record<string, string>,
  employees: E[],
) {
  const used: ElmDefaultUse[] = [];
  const filledCompany = fill(
    company,
    COMPANY,
    null,
    used,
    (field) => field !== "BvgContractNumber" || company.BvgInsurer !== undefined,
  );
  const filledEmployees = employees.map((e) => ({
    ...e,
    caseValues: fill(
      e.caseValues,
      PERSON,
      e.employeeId,
      used,
      (field) => !field.startsWith("TaxAtSource") || e.caseValues.TaxAtSourceTariff !== undefined,
    ),
  }));
  return { company: filledCompany, employees: filledEmployees, used };
}

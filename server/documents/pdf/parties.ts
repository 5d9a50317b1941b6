/**
 * The employer and employee blocks of payroll documents, read from case values in force (field
 * names of the CH case catalog, ../shared/domain/ch-case-catalog.md):
 *
 * | block    | fields                                                                                     |
 * |----------|--------------------------------------------------------------------------------------------|
 * | employer | CompanyStreet, CompanyHouseNumber, CompanyPostalCode, CompanyCity, CompanyCountry, CompanyUid |
 * | employee | Street, HouseNumber, PostalCode, City, Country, AhvNumber, EntryDate, ExitDate, ActivityRate, Iban, AccountHolder |
 *
 * The catalog has no company name field: the name comes from the tenant (or the payroll).
 */

/** Case values by field name, in their normalized form (server/regulations/catalog/value-types.ts). */
export type CaseValues = Readonly<Record<string, string>>;

/** A recorded, non-empty value, or null. */
export function value(values: CaseValues, field: string): string | null {
  const v = values[field]?.trim();
  return v ? v : null;
}

function addressLines(
  street: string | null,
  houseNumber: string | null,
  postalCode: string | null,
  city: string | null,
  country: string | null,
): string[] {
  const lines = [[street, houseNumber].filter(Boolean).join(" "), [postalCode, city].filter(Boolean).join(" ")];
  // A Swiss address needs no country line; others get the ISO code.
  if (country && country !== "CH") lines.push(country);
  return lines.filter((line) => line !== "");
}

export function employerBlock(name: string, company: CaseValues) {
  return {
    name,
    addressLines: addressLines(
      value(company, "CompanyStreet"),
      value(company, "CompanyHouseNumber"),
      value(company, "CompanyPostalCode"),
      value(company, "CompanyCity"),
      value(company, "CompanyCountry"),
    ),
    uid: value(company, "CompanyUid"),
  };
}

export function employeeAddressLines(employee: CaseValues): string[] {
  return addressLines(
    value(employee, "Street"),
    value(employee, "HouseNumber"),
    value(employee, "PostalCode"),
    value(employee, "City"),
    value(employee, "Country"),
  );
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.trim()} ${person.lastName.trim()}`.trim();
}

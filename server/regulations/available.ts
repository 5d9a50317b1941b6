import "server-only";
import type { payrolls } from "../db/schema";
import { pageOf, type PageQuery } from "../http/pagination";
import type { Regulation } from "./catalog";
import type { PayrollRegulations } from "./schemas";
import { regulationIdOf, storedRegulations, type Regulations } from "./store";

type PayrollRow = typeof payrolls.$inferSelect;

export const regulationsOf = (row: PayrollRow): PayrollRegulations => ({
  countryRegulation: row.countryRegulation,
  industries: row.industries,
  accountingDocument: row.accountingDocument,
  accountingData: row.accountingData,
});

/** GET /regulations/available: per country regulation, its industries and accounting choices; paged by name. */
export async function availableRegulations(page?: PageQuery) {
  return pageOf(availableFrom(await storedRegulations()).items, page, { keyOf: (country) => country.name });
}

export function availableFrom(stored: Regulations) {
  const regulations = [...stored.values()];
  const ref = (r: Pick<Regulation, "name" | "displayName">) => ({
    id: regulationIdOf(r.name),
    name: r.name,
    displayName: r.displayName,
  });
  return {
    items: regulations
      .filter((r) => r.kind === "country")
      .map((country) => {
        const of = (kind: string) => regulations.filter((r) => r.kind === kind && r.country === country.name).map(ref);
        return {
          ...ref(country),
          kind: "country" as const,
          industries: of("industry"),
          accountingDocument: of("accountingDocument"),
          accountingData: of("accountingData"),
        };
      }),
  };
}

/** The first template and chart the country offers: what a new payroll starts with until the client chooses. */
export function defaultAccounting(regulations: Regulations, countryRegulation: string) {
  const available = availableFrom(regulations).items.find((c) => c.name === countryRegulation);
  return {
    accountingDocument: available?.accountingDocument[0]?.name ?? null,
    accountingData: available?.accountingData[0]?.name ?? null,
  };
}

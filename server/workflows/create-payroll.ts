import "server-only";
import type { Verb } from "../context";
import { divisions, payrolls } from "../db/schema";
import { inTenant, isUniqueViolation } from "../db/tenant-scope";
import { Conflict, Invalid } from "../errors";
import { initializeChart } from "../lookups/initialize-chart";
import { defaultAccounting } from "../regulations/available";
import { storedRegulations } from "../regulations/store";
import { newId } from "../ids";
import { openPeriod } from "../payrolls/open-period";
import { toPayroll, type CreatePayroll } from "../payrolls/schemas";

const alreadyExists = () =>
  new Conflict(
    "payroll.already_exists",
    "This tenant already has its payroll; only one payroll per tenant is supported.",
  );

/** Creates the tenant's one payroll with its division and opens the first payrun period. */
export async function createPayroll({ ctx, input }: Verb<CreatePayroll>) {
  const regulations = await storedRegulations();
  try {
    return await inTenant(ctx, async (scope) => {
      if (await scope.first(payrolls)) throw alreadyExists();
      const country = regulations.get(input.countryRegulation);
      if (country?.kind !== "country") {
        throw Invalid.field(
          "countryRegulation",
          `"${input.countryRegulation}" is not an available country regulation; see GET /regulations/available.`,
          "regulations.unknown",
        );
      }
      const accounting = defaultAccounting(regulations, input.countryRegulation);
      const division = await scope.insert(divisions, { id: newId(), name: input.name });
      const payroll = await scope.insert(payrolls, {
        id: newId(),
        divisionId: division.id,
        name: input.name,
        accountingStartDate: input.accountingStartDate,
        documentLanguage: input.documentLanguage,
        countryRegulation: input.countryRegulation,
        ...accounting,
      });
      await openPeriod(scope, payroll.id, input.accountingStartDate);
      await initializeChart(scope, payroll, regulations, { replaceMapping: true });
      return { payroll: toPayroll(payroll), version: payroll.version };
    });
  } catch (error) {
    if (isUniqueViolation(error, "payrolls_one_per_tenant_key")) throw alreadyExists();
    throw error;
  }
}

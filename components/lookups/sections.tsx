import { getLocale, getTranslations } from "next-intl/server";
import type { TenantCtx } from "@/server/context";
import { consoleCan } from "@/server/auth/console-session";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import { listWageTypes } from "@/server/lookups/list-wage-types";
import type { Payroll } from "@/server/payrolls/schemas";
import { getPayrollRegulations } from "@/server/payrolls/regulations";
import { regulationByName } from "@/server/regulations/catalog";
import { displayName } from "@/components/regulations/display-name";
import { Card } from "@/components/ui/card";
import { AddLookupValueForm, LookupValueTable, WageTypeMapping } from "./lookup-editor";

const byKey = <T extends { key: string }>(items: T[]) =>
  [...items].sort((a, b) => a.key.localeCompare(b.key, "en", { numeric: true }));

/** The chart of accounts of the payroll's accountingData regulation, with the wage type mapping. */
export async function ChartOfAccountsSection({ ctx, payroll }: { ctx: TenantCtx; payroll: Payroll }) {
  const [regulations, accounts, wageTypes] = await Promise.all([
    getPayrollRegulations({ ctx, payrollId: payroll.id }),
    listLookupValues({ ctx, payrollId: payroll.id, input: { limit: 500, lookupName: "Accounts" } }),
    listWageTypes({ ctx, payrollId: payroll.id }),
  ]);
  const canUpdate = consoleCan(ctx, "payroll.update");
  const sorted = byKey(accounts.items);
  const t = await getTranslations("lookups");
  if (!regulations.accountingData) return <Card title={t("accountsTitle")}>{t("chooseChartFirst")}</Card>;
  const chart =
    displayName(regulationByName(regulations.accountingData)?.displayName, await getLocale()) ||
    regulations.accountingData;
  return (
    <div className="space-y-6">
      <Card title={t("accounts")} description={t("accountsCardDescription", { chart })}>
        <div className="space-y-5">
          <LookupValueTable
            orgId={ctx.tenantId}
            regulation={regulations.accountingData}
            kind="Accounts"
            items={sorted}
            canUpdate={canUpdate}
          />
          {canUpdate ? (
            <AddLookupValueForm
              orgId={ctx.tenantId}
              payrollId={payroll.id}
              regulation={regulations.accountingData}
              kind="Accounts"
            />
          ) : null}
        </div>
      </Card>
      <Card title={t("mappingTitle")} description={t("mappingDescription")}>
        <WageTypeMapping
          orgId={ctx.tenantId}
          payrollId={payroll.id}
          wageTypes={wageTypes.items}
          accounts={sorted}
          canUpdate={canUpdate}
        />
      </Card>
    </div>
  );
}

/** Cost centers: they change freely; once there is one, every employee needs a cost center. */
export async function CostCentersSection({ ctx, payroll }: { ctx: TenantCtx; payroll: Payroll }) {
  const costCenters = await listLookupValues({
    ctx,
    payrollId: payroll.id,
    input: { limit: 500, lookupName: "CostCenters" },
  });
  const canUpdate = consoleCan(ctx, "payroll.update");
  const t = await getTranslations("lookups");
  return (
    <Card title={t("costCentersTitle")} description={t("costCentersDescription")}>
      <div className="space-y-5">
        <LookupValueTable
          orgId={ctx.tenantId}
          regulation={payroll.countryRegulation}
          kind="CostCenters"
          items={byKey(costCenters.items)}
          canUpdate={canUpdate}
        />
        {canUpdate ? (
          <AddLookupValueForm
            orgId={ctx.tenantId}
            payrollId={payroll.id}
            regulation={payroll.countryRegulation}
            kind="CostCenters"
          />
        ) : null}
      </div>
    </Card>
  );
}

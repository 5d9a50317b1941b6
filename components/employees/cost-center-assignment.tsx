import { getTranslations } from "next-intl/server";
import type { TenantCtx } from "@/server/context";
import { consoleCan } from "@/server/auth/console-session";
import { listCaseChanges } from "@/server/cases/read-cases";
import { valueInForce } from "@/server/bitemporal/in-force";
import { listEmployees } from "@/server/employees/list-employees";
import { allPages, MAX_PAGE } from "@/server/http/pagination";
import { listLookupValues } from "@/server/lookups/list-lookup-values";
import type { Payroll } from "@/server/payrolls/schemas";
import { defaultStartOf } from "@/components/cases/case-sections";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { BulkAssignCostCenter, type AssignableEmployee } from "./bulk-assign-cost-center";

/** Every current employee of the payroll with the cost center in force on the date (null: none). */
async function costCentersOfEmployees(ctx: TenantCtx, payroll: Payroll, date: string): Promise<AssignableEmployee[]> {
  const staff: AssignableEmployee[] = (
    await allPages((cursor) =>
      listEmployees({ ctx, payrollId: payroll.id, input: { limit: MAX_PAGE, includeFormer: false, cursor } }),
    )
  ).map((e) => ({ id: e.id, identifier: e.identifier, name: `${e.firstName} ${e.lastName}`, costCenter: null }));

  const values = new Map<string, { value: string; start: string; end: string | null; createdAt: Date; id: string }[]>();
  const changes = await allPages((cursor) =>
    listCaseChanges({
      ctx,
      payrollId: payroll.id,
      input: { caseName: "CostCenter", scope: "employee", limit: MAX_PAGE, cursor },
    }),
  );
  for (const change of changes) {
    if (!change.employeeId) continue;
    const list = values.get(change.employeeId) ?? [];
    for (const v of change.values)
      if (v.caseFieldName === "CostCenter") list.push({ ...v, createdAt: new Date(change.createdAt) });
    values.set(change.employeeId, list);
  }
  for (const e of staff) e.costCenter = valueInForce(values.get(e.id) ?? [], date)?.value ?? null;
  return staff.sort((a, b) => a.name.localeCompare(b.name, "de-CH"));
}

/**
 * Beside the cost centers: before the first one, the warning that every employee will need one (and
 * how many have none); once there are cost centers, assigning one to many employees at once.
 */
export async function CostCenterAssignment({ ctx, payroll }: { ctx: TenantCtx; payroll: Payroll }) {
  if (!consoleCan(ctx, "payroll.read")) return null;
  const date = await defaultStartOf(ctx, payroll);
  const [costCenters, staff] = await Promise.all([
    allPages((cursor) =>
      listLookupValues({ ctx, payrollId: payroll.id, input: { limit: MAX_PAGE, lookupName: "CostCenters", cursor } }),
    ),
    costCentersOfEmployees(ctx, payroll, date),
  ]);
  const without = staff.filter((e) => e.costCenter === null).length;
  const t = await getTranslations("employees.costCenters");

  if (!costCenters.length) {
    if (!staff.length) return null;
    return (
      <div className="mb-6">
        <Alert tone="warning" title={t("firstTitle")}>
          {t("first", { count: without })}
        </Alert>
      </div>
    );
  }
  const choices = [...costCenters]
    .sort((a, b) => a.key.localeCompare(b.key, "en", { numeric: true }))
    .map((c) => ({ key: c.key, value: c.value }));
  return (
    <div className="mb-6">
      <Card title={t("assignTitle")} description={t("assignDescription")}>
        <BulkAssignCostCenter
          orgId={ctx.tenantId}
          payrollId={payroll.id}
          employees={staff}
          costCenters={choices}
          defaultStart={date}
          canWrite={consoleCan(ctx, "case.write") && ctx.access.role !== "SelfService"}
        />
      </Card>
    </div>
  );
}

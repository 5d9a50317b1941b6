import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { consolePage } from "@/components/console/page";
import { CreateEmployeeForm } from "@/components/employees/employee-form";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import Link from "next/link";
import { consoleCan } from "@/server/auth/console-session";
import { listPayrolls } from "@/server/payrolls/get-payroll";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("employees.new");
  return { title: t("title") };
}

export default async function NewEmployeePage({ params }: { params: Promise<{ orgId: string }> }) {
  const { ctx, orgId } = await consolePage(params, { permission: "employee.write" });
  const { items: payrolls } = await listPayrolls({ ctx, input: { limit: 1 } });
  const t = await getTranslations("employees.new");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        {payrolls.length === 0 ? (
          <div className="mb-5">
            <Alert tone="warning" title={t("noPayroll")}>
              {t("belongsToPayroll")}{" "}
              {consoleCan(ctx, "payroll.create") ? (
                <Link className="underline" href={`/tenants/${orgId}/settings`}>
                  {t("createInSettings")}
                </Link>
              ) : (
                t("administratorFirst")
              )}
            </Alert>
          </div>
        ) : null}
        <CreateEmployeeForm orgId={orgId} />
      </Card>
    </>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CreateEmployeeForm } from "@/components/employees/employee-form";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import Link from "next/link";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listPayrolls } from "@/server/payrolls/get-payroll";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("employees.new");
  return { title: t("title") };
}

export default async function NewEmployeePage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "employee.write")) notFound();
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

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CreateEmployeeForm } from "@/components/employees/employee-form";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import Link from "next/link";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listPayrolls } from "@/server/payrolls/get-payroll";

export const metadata: Metadata = { title: "New employee" };

export default async function NewEmployeePage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "employee.write")) notFound();
  const { items: payrolls } = await listPayrolls({ ctx, input: { limit: 1 } });
  return (
    <>
      <PageHeader title="New employee" description="Salary, personal details and everything else are recorded afterwards as case data." />
      <Card>
        {payrolls.length === 0 ? (
          <div className="mb-5">
            <Alert tone="warning" title="No payroll yet">
              Employees belong to the payroll of the company.{" "}
              {consoleCan(ctx, "payroll.create") ? (
                <Link className="underline" href={`/tenants/${orgId}/settings`}>
                  Create it in the company settings first.
                </Link>
              ) : (
                "An administrator has to create it first."
              )}
            </Alert>
          </div>
        ) : null}
        <CreateEmployeeForm orgId={orgId} />
      </Card>
    </>
  );
}

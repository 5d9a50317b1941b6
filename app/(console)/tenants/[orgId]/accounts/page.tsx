import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ChartOfAccountsSection } from "@/components/lookups/sections";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export const metadata: Metadata = { title: "Chart of accounts" };

export default async function AccountsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "lookup.write")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  return (
    <>
      <PageHeader title="Chart of accounts" description="The payroll's own accounts, started from its chart of accounts, and where each wage type posts." />
      <ChartOfAccountsSection ctx={ctx} payroll={found.payroll} />
    </>
  );
}

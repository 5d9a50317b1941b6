import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CostCenterAssignment } from "@/components/employees/cost-center-assignment";
import { CostCentersSection } from "@/components/lookups/sections";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export const metadata: Metadata = { title: "Cost centers" };

export default async function CostCentersPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "lookup.write")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  return (
    <>
      <PageHeader title="Cost centers" description={found.payroll.name} />
      <CostCenterAssignment ctx={ctx} payroll={found.payroll} />
      <CostCentersSection ctx={ctx} payroll={found.payroll} />
    </>
  );
}

import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { RegulationsSection } from "@/components/regulations/regulations-section";
import { PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";

export const metadata: Metadata = { title: "Regulations" };

export default async function RegulationsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  // A setting of the tenant: Administrators only (a Manager has no link here and gets 404).
  if (!consoleCan(ctx, "payroll.update")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  return (
    <>
      <PageHeader title="Regulations" description="The rules, cases, wage types and charts the payroll works with." />
      <RegulationsSection ctx={ctx} payroll={found.payroll} />
    </>
  );
}

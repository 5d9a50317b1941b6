import { redirect } from "next/navigation";
import { consolePage } from "@/components/console/page";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { consoleCan, consoleHome } from "@/server/auth/console-session";

/** A tenant's address (e.g. after accepting an invitation): each role's own starting page; onboarding while there is no payroll. */
export default async function TenantHome({ params }: { params: Promise<{ orgId: string }> }) {
  const { ctx, orgId } = await consolePage(params);
  if (consoleCan(ctx, "payroll.create") && !(await tenantPayroll(ctx))) redirect(`/tenants/${orgId}/onboarding`);
  redirect(consoleHome(ctx));
}

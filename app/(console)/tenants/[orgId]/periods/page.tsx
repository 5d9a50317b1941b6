import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { formatDate } from "@/components/payrolls/labels";
import { tenantPayroll } from "@/components/payrolls/tenant-payroll";
import { formatChf, formatInstant, monthLabel } from "@/components/periods/labels";
import { PeriodStatusBadge } from "@/components/periods/period-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { periodTotals } from "@/server/periods/period-totals";

export const metadata: Metadata = { title: "Periods & documents" };

export default async function PeriodsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "payroll.read")) notFound();
  const found = await tenantPayroll(ctx);
  if (!found) redirect(`/tenants/${orgId}/onboarding`);
  const { payroll } = found;
  // Newest first: the open period, then the ones closed before it.
  const periods = (await periodTotals({ ctx, payrollId: payroll.id })).reverse();
  const canReadDocuments = consoleCan(ctx, "document.read");
  const canClose = consoleCan(ctx, "period.close");

  return (
    <>
      <PageHeader
        title="Periods & documents"
        description={`Every payrun period of ${payroll.name} with its state and totals${canReadDocuments ? "; open a period for its documents" : ""}.`}
      />
      <Card title="Payrun periods" description="Open: results are current and its documents are previews. Closed: frozen, documents final. A live payroll's closed period is then submitted to ELM and finalized.">
        {periods.length === 0 ? (
          <Alert tone="info">The payroll has no payrun periods yet.</Alert>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Payrun periods (amounts in CHF)</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">Period</th>
                  <th scope="col" className="px-3 py-2">Status</th>
                  <th scope="col" className="px-3 py-2 text-right">Employees</th>
                  <th scope="col" className="px-3 py-2 text-right">Gross (CHF)</th>
                  <th scope="col" className="px-3 py-2 text-right">Net (CHF)</th>
                  <th scope="col" className="px-3 py-2 text-right">Employer cost (CHF)</th>
                  <th scope="col" className="px-3 py-2">Closed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {periods.map((p) => {
                  const month = monthLabel(p.periodStart);
                  return (
                    <tr key={p.id} data-testid="period-row" data-period-id={p.id} data-status={p.status}>
                      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                        {canReadDocuments ? (
                          <Link href={`/tenants/${orgId}/periods/${p.id}`} className="text-sky-800 underline underline-offset-2">
                            {month}
                          </Link>
                        ) : (
                          month
                        )}
                        <span className="block text-xs font-normal text-slate-500">
                          {formatDate(p.periodStart)} to {formatDate(p.periodEnd)}
                        </span>
                      </th>
                      <td className="px-3 py-2">
                        <PeriodStatusBadge period={p} />
                        {p.elmError ? <span className="mt-1 block max-w-xs text-xs text-red-800">{p.elmError}</span> : null}
                        {p.status === "open" && canClose ? (
                          <Link href={`/tenants/${orgId}/close`} className="mt-1 block text-xs font-medium text-sky-800 underline underline-offset-2">
                            Close…
                          </Link>
                        ) : null}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{p.employees}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatChf(p.rappen.gross)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatChf(p.rappen.net)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatChf(p.rappen.employerCost)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-slate-600">{p.closedAt ? formatInstant(p.closedAt, "short") : "—"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}

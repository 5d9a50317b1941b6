import type { TenantCtx } from "@/server/context";
import { consoleCan } from "@/server/auth/console-session";
import type { Payroll } from "@/server/payrolls/schemas";
import { availableRegulations, getPayrollRegulations } from "@/server/regulations/assignment";
import { storedRegulations, versionInForce } from "@/server/regulations/store";
import { lastRegulationUpdate } from "@/server/regulations/update";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { localized } from "@/components/cases/labels";
import { RegulationsForm } from "./regulations-form";

/** What is assigned, what can still change and what cannot, with the form to change it. */
export async function RegulationsSection({ ctx, payroll, nextHref, submitLabel, explain = true }: { ctx: TenantCtx; payroll: Payroll; nextHref?: string; submitLabel?: string; explain?: boolean }) {
  const [available, assigned, stored, lastUpdate] = await Promise.all([availableRegulations(), getPayrollRegulations({ ctx, payrollId: payroll.id }), storedRegulations(), lastRegulationUpdate()]);
  const today = new Date().toISOString().slice(0, 10);
  const inForce = [assigned.countryRegulation, ...assigned.industries].map((name) => {
    const regulation = stored.get(name);
    return { name, validFrom: (regulation && versionInForce(regulation, today)?.validFrom) ?? null };
  });
  const country = available.items.find((c) => c.name === assigned.countryRegulation);
  const language = payroll.documentLanguage;
  if (!country) return <Alert tone="error">The country regulation {assigned.countryRegulation} is not in the catalog.</Alert>;
  const nameOf = (list: { name: string; displayName: Parameters<typeof localized>[0] }[], name: string | null) =>
    name ? `${localized(list.find((r) => r.name === name)?.displayName, language) || name} (${name})` : "none";
  return (
    <div className="space-y-6">
      {explain ? (
        <Card title="Assigned" description="Regulations are versioned: each version has a valid-from date and takes effect on its own from that date.">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[14rem_1fr]" data-testid="assigned-regulations">
            <dt className="text-slate-500">Country</dt>
            <dd>
              <span className="font-medium text-slate-900">{nameOf([country], country.name)}</span>
              <span className="block text-xs text-slate-500">Cannot change: exactly one, set once when the payroll was created; never swapped or removed.</span>
            </dd>
            <dt className="text-slate-500">Industries</dt>
            <dd>
              <span className="font-medium text-slate-900">{assigned.industries.length ? assigned.industries.map((n) => nameOf(country.industries, n)).join(", ") : "none"}</span>
              <span className="block text-xs text-slate-500">Can be added at any time; an industry once assigned is never removed.</span>
            </dd>
            <dt className="text-slate-500">Version in force</dt>
            <dd data-testid="regulation-versions">
              {inForce.map((v) => (
                <span key={v.name} className="block font-medium text-slate-900">
                  {v.name}: {v.validFrom ? `valid from ${v.validFrom}` : "no version in force today"}
                </span>
              ))}
              <span className="block text-xs text-slate-500" data-testid="regulations-updated">
                {lastUpdate
                  ? `Last updated ${lastUpdate.ranAt.toISOString().slice(0, 16).replace("T", " ")} UTC (${lastUpdate.trigger === "schedule" ? "daily update" : "by command"}: ${lastUpdate.added} version(s) added, ${lastUpdate.updated} changed).`
                  : "Not updated since the service was installed."}{" "}
                New versions are imported every night and the results they change are recalculated.
              </span>
            </dd>
            <dt className="text-slate-500">Accounting document template</dt>
            <dd>
              <span className="font-medium text-slate-900">{nameOf(country.accountingDocument, assigned.accountingDocument)}</span>
              <span className="block text-xs text-slate-500">Replaceable at any time; effective from the open period.</span>
            </dd>
            <dt className="text-slate-500">Chart of accounts</dt>
            <dd>
              <span className="font-medium text-slate-900">{nameOf(country.accountingData, assigned.accountingData)}</span>
              <span className="block text-xs text-slate-500">Replaceable at any time; effective from the open period. The payroll&apos;s accounts start again from the new chart.</span>
            </dd>
          </dl>
        </Card>
      ) : null}
      <Card title={explain ? "Change the regulations" : "Regulations"} description="Chosen by exact name from the catalog of available regulations.">
        <RegulationsForm
          orgId={ctx.tenantId}
          payrollId={payroll.id}
          country={country}
          assigned={assigned}
          language={language}
          canUpdate={consoleCan(ctx, "payroll.update")}
          nextHref={nextHref}
          submitLabel={submitLabel}
        />
      </Card>
    </div>
  );
}

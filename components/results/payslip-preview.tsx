import Link from "next/link";
import type { getEntry } from "@/server/results/read-entries";
import { Alert } from "@/components/ui/alert";
import { COLLECTOR_LABEL, lineKindOf, type LineKind } from "./labels";
import { StateBadge } from "./state-badge";

type Entry = Awaited<ReturnType<typeof getEntry>>;
type Line = Entry["wageTypes"][number];

const SECTIONS: { kind: LineKind; title: string }[] = [
  { kind: "earning", title: "Earnings" },
  { kind: "allowance", title: "Allowances" },
  { kind: "deduction", title: "Deductions" },
  { kind: "net", title: "Net" },
  { kind: "expense", title: "Expenses and other payments" },
  { kind: "employer", title: "Employer contributions (not deducted)" },
];

const PAYSLIP_COLLECTORS = ["GrossWage", "EmployeeDeductions", "NetWage", "PayableAmount", "EmployerContributions"];

/** Deductions (5xxx) carry positive amounts: on the payslip they subtract. */
const signed = (line: Line) => (lineKindOf(line.number) === "deduction" && !line.amount.startsWith("-") ? `− ${line.amount}` : line.amount);

function Why({ line }: { line: Line }) {
  const explanation = line.explanation;
  if (!explanation) return null;
  return (
    <details className="mt-1 text-xs text-slate-600" data-testid="why">
      <summary className="cursor-pointer text-sky-700 hover:underline">why?</summary>
      <div className="mt-1 space-y-1 rounded border border-slate-200 bg-slate-50 p-2">
        <p>{explanation.text}</p>
        {line.retro && line.retroPeriodStart ? <p>Retro correction of the period starting {line.retroPeriodStart}.</p> : null}
        {explanation.caseValues.length ? (
          <div>
            <p className="font-medium text-slate-700">Case values</p>
            <ul className="list-inside list-disc">
              {explanation.caseValues.map((v) => (
                <li key={`${v.field}-${v.caseChangeId}`}>
                  {v.field} = <span className="font-mono">{v.value}</span> <span className="text-slate-400">(case change {v.caseChangeId.slice(-8)})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {explanation.parameters.length ? (
          <div>
            <p className="font-medium text-slate-700">Parameters</p>
            <ul className="list-inside list-disc">
              {explanation.parameters.map((p) => (
                <li key={p.key}>
                  {p.key} = <span className="font-mono">{p.value}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}

/**
 * The open period's entry of one employee as a payslip: wage type lines by kind (deductions as
 * deductions), the collectors, and per line "why?" with the case values and parameters behind it.
 * A server component: the case forms' router.refresh() after a save renders it anew.
 */
export function PayslipPreview({ entry, period, controlHref, blockingItems }: { entry: Entry | null; period: { periodStart: string; periodEnd: string } | null; controlHref: string; blockingItems: number }) {
  if (!period) return <Alert tone="info">There is no open payrun period.</Alert>;
  if (!entry) {
    return (
      <div data-testid="payslip-preview" data-state="none">
        <Alert tone="info">No entry in this period: the employee is not employed in it (record the Employment case with the entry date).</Alert>
      </div>
    );
  }
  const collector = (name: string) => entry.collectors.find((c) => c.name === name)?.amount;
  return (
    <div data-testid="payslip-preview" data-state={entry.controlState} data-gross={entry.gross} data-net={entry.net} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StateBadge state={entry.controlState} />
        <span className="text-slate-600">
          Gross <strong data-testid="payslip-gross" className="text-slate-900">{entry.gross}</strong> · Net <strong data-testid="payslip-net" className="text-slate-900">{entry.net}</strong> · Open amount{" "}
          <strong className="text-slate-900">{entry.openAmount}</strong> CHF
        </span>
        {blockingItems > 0 ? (
          <Link href={controlHref} className="text-red-800 underline underline-offset-2">
            {blockingItems} blocking item{blockingItems === 1 ? "" : "s"} in Payroll control
          </Link>
        ) : null}
      </div>
      {entry.wageTypes.length ? (
        <table className="w-full text-sm" aria-label="Payslip lines">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
              <th className="py-1 pr-2 font-medium">No.</th>
              <th className="py-1 pr-2 font-medium">Wage type</th>
              <th className="py-1 pr-2 text-right font-medium">Base</th>
              <th className="py-1 pr-2 text-right font-medium">Rate</th>
              <th className="py-1 text-right font-medium">Amount (CHF)</th>
            </tr>
          </thead>
          {SECTIONS.map(({ kind, title }) => {
            const lines = entry.wageTypes.filter((l) => lineKindOf(l.number) === kind);
            if (!lines.length) return null;
            return (
              <tbody key={kind} className={kind === "employer" ? "text-slate-500" : undefined}>
                <tr>
                  <th colSpan={5} className="pt-3 pb-1 text-left text-xs font-semibold text-slate-700">
                    {title}
                  </th>
                </tr>
                {lines.map((line, i) => (
                  <tr key={`${line.number}-${line.retroPeriodStart ?? ""}-${i}`} data-testid="payslip-line" data-number={line.number} data-kind={kind} className={`border-t border-slate-100 align-top ${kind === "net" ? "font-semibold" : ""}`}>
                    <td className="py-1 pr-2 font-mono text-xs">{line.number}</td>
                    <td className="py-1 pr-2">
                      {line.name}
                      {line.retro ? <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">retro {line.retroPeriodStart}</span> : null}
                      <Why line={line} />
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums">{line.base ?? ""}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{line.rate === null ? "" : `${line.rate} %`}</td>
                    <td className="py-1 text-right tabular-nums" data-testid="payslip-amount">
                      {signed(line)}
                    </td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      ) : (
        <p className="text-sm text-slate-600">No wage type lines yet: record the salary (or hours) to see the payslip.</p>
      )}
      <dl className="grid gap-x-6 gap-y-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-2" aria-label="Collectors">
        {PAYSLIP_COLLECTORS.filter((name) => collector(name) !== undefined).map((name) => (
          <div key={name} className="flex justify-between" data-testid="collector" data-name={name}>
            <dt className="text-slate-600">{COLLECTOR_LABEL[name] ?? name}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{collector(name)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

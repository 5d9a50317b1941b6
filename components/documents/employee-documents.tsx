
type EmployeeDocument = { id: string; payrunPeriodId: string; periodStart: string; category: string; name: string; final: boolean };

const monthOf = (periodStart: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${periodStart}T00:00:00Z`));

const CATEGORY_LABEL: Record<string, string> = { Payslip: "Payslip", SalaryCertificate: "Salary certificate" };

/** An employee's payslips and salary certificates, each a link to the PDF itself. */
export function EmployeeDocuments({ orgId, payrollId, items }: { orgId: string; payrollId: string; items: EmployeeDocument[] }) {
  if (!items.length) return <p className="text-sm text-slate-600">No documents yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm" aria-label="Documents">
      {items.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <a
            className="font-medium text-sky-700 underline"
            href={`/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${doc.payrunPeriodId}/documents/${doc.id}`}
            target="_blank"
            rel="noreferrer"
          >
            {CATEGORY_LABEL[doc.category] ?? doc.category} {doc.category === "SalaryCertificate" ? doc.periodStart.slice(0, 4) : monthOf(doc.periodStart)}
          </a>
          <span className={doc.final ? "text-slate-600" : "rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"}>
            {doc.final ? "final" : "preview of the open period"}
          </span>
        </li>
      ))}
    </ul>
  );
}

import { getTranslations } from "next-intl/server";
import { getFormat } from "@/components/format/server";

type EmployeeDocument = {
  id: string;
  payrunPeriodId: string;
  periodStart: string;
  category: string;
  name: string;
  final: boolean;
};

/** An employee's payslips and salary certificates, each a link to the PDF itself. */
export async function EmployeeDocuments({
  orgId,
  payrollId,
  items,
}: {
  orgId: string;
  payrollId: string;
  items: EmployeeDocument[];
}) {
  const [t, format] = await Promise.all([getTranslations("employees.documents"), getFormat()]);
  if (!items.length) return <p className="text-sm text-slate-600">{t("none")}</p>;
  const title = (doc: EmployeeDocument) =>
    doc.category === "SalaryCertificate"
      ? t("salaryCertificate", { year: doc.periodStart.slice(0, 4) })
      : doc.category === "Payslip"
        ? t("payslip", { month: format.month(doc.periodStart) })
        : `${doc.category} ${format.month(doc.periodStart)}`;
  return (
    <ul className="divide-y divide-slate-200 text-sm" aria-label={t("label")}>
      {items.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <a
            className="font-medium text-sky-700 underline"
            href={`/api/tenants/${orgId}/payrolls/${payrollId}/payrunperiods/${doc.payrunPeriodId}/documents/${doc.id}`}
            target="_blank"
            rel="noreferrer"
          >
            {title(doc)}
          </a>
          <span
            className={
              doc.final ? "text-slate-600" : "rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"
            }
          >
            {doc.final ? t("final") : t("preview")}
          </span>
        </li>
      ))}
    </ul>
  );
}

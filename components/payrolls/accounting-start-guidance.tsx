/** The interface's rules for accountingStartDate, as guidance beside the date. */
export function AccountingStartGuidance({ creating = false }: { creating?: boolean }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">
        {creating ? "Choosing the accounting start date" : "About the accounting start date"}
      </p>
      <p className="mt-1">It is the earliest date on which the payroll can calculate or post anything, always the 1st of a month.</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>It is fixed once the payroll exists. These settings cannot change it.</li>
        <li>
          Only a support-assisted rebase can move it, and only to a later date. The rebase is permanent: it deletes all payrun
          periods and reopens one at the new date, and it works only before the payroll goes live.
        </li>
        <li>An existing company onboarded mid-year that needs retroactive postings: set it to 1 January of the current year.</li>
        <li>A new company founded mid-year with no prior payroll history: set it to the 1st of the founding month (its first payrun period).</li>
      </ol>
    </div>
  );
}

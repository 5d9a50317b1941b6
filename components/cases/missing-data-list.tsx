import Link from "next/link";
import type { z } from "zod";
import type { MissingCase } from "@/server/cases/schemas";
import { Alert } from "@/components/ui/alert";
import { localized, type Language } from "./labels";

type Missing = z.infer<typeof MissingCase>;

/** Required fields without a value, grouped by case, each case linking to its form. */
export function MissingDataList({ items, language, hrefOf, label = "Missing data", names }: { items: Missing[]; language: Language; hrefOf: (item: Missing) => string; label?: string; names?: Map<string, string> }) {
  if (!items.length) {
    return (
      <div data-testid="missing-data" data-count="0">
        <Alert tone="success">Nothing missing: every required field has a value.</Alert>
      </div>
    );
  }
  return (
    <ul data-testid="missing-data" data-count={items.length} aria-label={label} className="divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50">
      {items.map((item) => (
        <li key={`${item.employeeId ?? "company"}-${item.caseName}`} className="px-4 py-2 text-sm">
          <Link href={hrefOf(item)} className="font-medium text-amber-900 underline-offset-2 hover:underline">
            {item.employeeId && names ? `${names.get(item.employeeId) ?? "Employee"}: ` : ""}
            {localized(item.displayName, language)}
          </Link>
          <span className="text-amber-900">
            {" "}
            — {item.fields.map((f) => `${localized(f.displayName, language)}${f.requiredFor === "payment" ? " (for payment)" : ""}`).join(", ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

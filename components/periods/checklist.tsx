import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export type CheckState = "ok" | "blocked" | "info";

const MARK: Record<CheckState, { symbol: string; className: string }> = {
  ok: { symbol: "✓", className: "bg-emerald-600 text-white" },
  blocked: { symbol: "!", className: "bg-red-600 text-white" },
  info: { symbol: "i", className: "bg-slate-200 text-slate-700" },
};

/** One line of the close checklist: a mark, what is checked, its finding and where to look. */
export function CheckItem({
  id,
  state,
  title,
  children,
}: {
  id: string;
  state: CheckState;
  title: string;
  children: ReactNode;
}) {
  const t = useTranslations("periods");
  const mark = MARK[state];
  return (
    <li data-testid="checklist-item" data-item={id} data-state={state} className="flex gap-3 py-3">
      <span
        aria-hidden="true"
        className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${mark.className}`}
      >
        {mark.symbol}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {title}
          <span className="sr-only"> ({t(`checklist.${state}`)})</span>
        </p>
        <div className="mt-0.5 space-y-1 text-sm text-slate-700">{children}</div>
      </div>
    </li>
  );
}

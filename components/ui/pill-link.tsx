import Link from "next/link";
import type { ReactNode } from "react";

/** One of a row of choices shown as pills (a filter, a period), the chosen one dark and marked current. */
export function PillLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium ${current ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
    >
      {children}
    </Link>
  );
}

/** The link back to where a page came from, above its header. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mb-2 text-sm">
      <Link href={href} className="text-sky-800 underline underline-offset-2">
        {children}
      </Link>
    </p>
  );
}

"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A navigation entry, marked current when the page is inside its section; with a count, shown beside it. */
export function NavLink({
  href,
  children,
  count,
  countLabel,
}: {
  href: string;
  children: string;
  count?: number;
  countLabel?: string;
}) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      <span>{children}</span>
      {count ? (
        <span
          data-testid="nav-count"
          aria-label={countLabel ?? String(count)}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${current ? "bg-white text-slate-900" : "bg-amber-100 text-amber-900"}`}
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

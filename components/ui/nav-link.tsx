"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A navigation entry, marked current when the page is inside its section. */
export function NavLink({ href, children }: { href: string; children: string }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {children}
    </Link>
  );
}

"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The portal's sections as large tabs across the top (thumb-sized, never wider than the phone). */
export function PortalNav({
  label,
  items,
}: {
  label: string;
  items: { href: string; label: string; exact?: boolean }[];
}) {
  const pathname = usePathname();
  return (
    <nav
      aria-label={label}
      className="sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-white/95 px-2 backdrop-blur"
    >
      <ul className="grid grid-flow-col auto-cols-fr">
        {items.map((item) => {
          const current = item.exact
            ? pathname === item.href
            : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href} className="min-w-0">
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`flex min-h-12 items-center justify-center border-b-2 px-1 text-center text-sm font-medium leading-tight ${
                  current ? "border-sky-600 text-sky-800" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

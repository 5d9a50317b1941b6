"use client";

import { useEffect, useSyncExternalStore, type ReactNode } from "react";

export type EmployeeSection = { id: string; label: string; content: ReactNode };

const subscribe = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
};
const currentHash = () => window.location.hash;
const serverHash = () => "";

/** The section that holds the fragment's element: the section itself, or a case, the payslip ... inside one. */
function sectionOf(hash: string): string | null {
  const anchor = decodeURIComponent(hash.replace(/^#/, ""));
  if (!anchor || typeof document === "undefined") return null;
  return document.getElementById(anchor)?.closest<HTMLElement>("[data-section]")?.dataset.section ?? null;
}

/**
 * The employee page's sections, one shown at a time, with the navigation between them. The address's
 * fragment chooses the section: `#section-employment`, or the anchor of anything inside a section
 * (`#case-Salary`, `#payslip`, as Missing data and Payroll Control link them), which opens the section
 * that holds it and scrolls to it. Every section stays in the page (hidden), so such anchors resolve.
 */
export function EmployeeSections({ sections, label = "Sections of this employee" }: { sections: EmployeeSection[]; label?: string }) {
  const hash = useSyncExternalStore(subscribe, currentHash, serverHash);
  const held = sectionOf(hash);
  const active = held && sections.some((s) => s.id === held) ? held : (sections[0]?.id ?? "");

  // Once the section is shown, bring what the fragment names into view (a case below the first one).
  useEffect(() => {
    const anchor = decodeURIComponent(hash.replace(/^#/, ""));
    const target = anchor ? document.getElementById(anchor) : null;
    if (!target) return;
    if (target.hasAttribute("data-section")) {
      if (target.getBoundingClientRect().top < 0) target.scrollIntoView({ block: "start" });
    } else {
      target.scrollIntoView({ block: "start" });
    }
  }, [hash, active]);

  return (
    <div className="space-y-6">
      <nav aria-label={label} className="sticky top-0 z-10 -mx-1 overflow-x-auto border-b border-slate-200 bg-white/95 px-1 backdrop-blur">
        <ul className="flex gap-1 whitespace-nowrap">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#section-${section.id}`}
                aria-current={section.id === active ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                  section.id === active ? "border-sky-600 text-sky-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={`section-${section.id}`} data-section={section.id} aria-label={section.label} hidden={section.id !== active} className="scroll-mt-14 space-y-6">
          {section.content}
        </section>
      ))}
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

export type EmployeeSection = { id: string; label: string; content: ReactNode };

const subscribe = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
  };
};
const currentHash = () => window.location.hash;
const serverHash = () => "";

const anchorOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, ""));

/** The section that holds the anchor's element: the section itself, or a case, the payslip ... inside one. */
function sectionOf(anchor: string): string | null {
  if (!anchor || typeof document === "undefined") return null;
  return document.getElementById(anchor)?.closest<HTMLElement>("[data-section]")?.dataset.section ?? null;
}

/**
 * The employee page's sections, one shown at a time, with the navigation between them. The address's
 * fragment chooses the section: `#section-employment`, or the anchor of anything inside a section
 * (`#case-Salary`, `#payslip`, as Missing data and Payroll Control link them), which opens the section
 * that holds it and scrolls to it. Every section stays in the page (hidden), so such anchors resolve.
 *
 * The choice is kept in state too: a saved form refreshes the page's data (router.refresh), which
 * must not fall back to the first section.
 */
export function EmployeeSections({ sections, label }: { sections: EmployeeSection[]; label?: string }) {
  const t = useTranslations("employees.page");
  const hash = useSyncExternalStore(subscribe, currentHash, serverHash);
  // The last choice made on this page (a click) with what to bring into view; null until then: the address decides.
  const [chosen, setChosen] = useState<{ section: string; anchor: string; hash: string } | null>(null);
  const known = (id: string | null) => (id && sections.some((s) => s.id === id) ? id : null);
  const fromHash = known(sectionOf(anchorOf(hash)));
  const active =
    (chosen && (chosen.hash === hash || !fromHash) ? known(chosen.section) : fromHash) ?? sections[0]?.id ?? "";
  const anchor = chosen && chosen.hash === hash ? chosen.anchor : anchorOf(hash);

  // Links inside the page to a case or the payslip (Missing data, Scheduled changes) open the section that holds it.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a");
      if (!link || !link.hash || link.pathname !== window.location.pathname || link.closest("nav[data-sections]"))
        return;
      const target = anchorOf(link.hash);
      const section = sectionOf(target);
      if (section) setChosen({ section, anchor: target, hash: link.hash });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  // Once the section is shown, bring what the fragment names into view (a case below the first one).
  useEffect(() => {
    const target = anchor ? document.getElementById(anchor) : null;
    if (!target) return;
    if (!target.hasAttribute("data-section")) target.scrollIntoView({ block: "start" });
    else if (target.getBoundingClientRect().top < 0) target.scrollIntoView({ block: "start" });
  }, [anchor, active]);

  return (
    <div className="space-y-6">
      <nav
        aria-label={label ?? t("sectionsLabel")}
        data-sections=""
        className="sticky top-0 z-10 -mx-1 overflow-x-auto border-b border-slate-200 bg-white/95 px-1 backdrop-blur"
      >
        <ul className="flex gap-1 whitespace-nowrap sm:flex-wrap">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#section-${section.id}`}
                aria-current={section.id === active ? "page" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  const next = `#section-${section.id}`;
                  // Through history.pushState, which Next.js's router follows: a later refresh keeps the fragment.
                  window.history.pushState(null, "", next);
                  setChosen({ section: section.id, anchor: `section-${section.id}`, hash: next });
                }}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                  section.id === active
                    ? "border-sky-600 text-sky-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section
          key={section.id}
          id={`section-${section.id}`}
          data-section={section.id}
          aria-label={section.label}
          hidden={section.id !== active}
          className="scroll-mt-14 space-y-6"
        >
          {section.content}
        </section>
      ))}
    </div>
  );
}

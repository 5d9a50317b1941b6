"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";

/**
 * The list's filters, kept in the address: "Hide former employees" (on by default) is the API's
 * includeFormer=false, and a search over identifier and names. Changing a filter starts at page one.
 */
export function EmployeeFilters() {
  const router = useRouter();
  const t = useTranslations("employees.filters");
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(params.get("search") ?? "");
  // Shown at once while the list for the new filter loads.
  const [hideFormer, setHideFormer] = useOptimistic(params.get("includeFormer") !== "true");

  const go = (change: (next: URLSearchParams) => void, optimistic?: () => void) => {
    const next = new URLSearchParams(params.toString());
    next.delete("cursor");
    next.delete("created");
    change(next);
    const query = next.toString();
    startTransition(() => {
      optimistic?.();
      router.replace(query ? `${pathname}?${query}` : pathname);
    });
  };

  return (
    <div className="flex flex-wrap items-end gap-4" aria-busy={pending}>
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          go((next) => (search.trim() ? next.set("search", search.trim()) : next.delete("search")));
        }}
      >
        <div className="space-y-1">
          <label htmlFor="employee-search" className="block text-sm font-medium text-slate-800">
            {t("search")}
          </label>
          <input
            id="employee-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("searchPlaceholder")}
            className="block w-64 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:outline-2 focus:outline-sky-600"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("search")}
        </Button>
      </form>
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={hideFormer}
          onChange={(event) => {
            const hide = event.target.checked;
            go(
              (next) => (hide ? next.delete("includeFormer") : next.set("includeFormer", "true")),
              () => setHideFormer(hide),
            );
          }}
          className="size-4 rounded border-slate-300 accent-slate-900"
        />
        {t("hideFormer")}
      </label>
      {pending ? <span className="pb-2 text-xs text-slate-500">{t("loading")}</span> : null}
    </div>
  );
}

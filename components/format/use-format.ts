"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import type { Locale } from "@/i18n/locales";
import { formatterFor } from "./swiss";

/** Swiss formats in the person's language, for client components. */
export function useFormat() {
  const locale = useLocale() as Locale;
  return useMemo(() => formatterFor(locale), [locale]);
}

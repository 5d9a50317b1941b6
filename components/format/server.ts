import "server-only";
import { getLocale } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { formatterFor } from "./swiss";

/** Swiss formats in the person's language, for server components. */
export async function getFormat() {
  return formatterFor((await getLocale()) as Locale);
}

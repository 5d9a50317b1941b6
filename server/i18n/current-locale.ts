import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { localeOfCulture, negotiateLocale, type Locale } from "@/i18n/locales";
import { consoleUser } from "../auth/console-session";

/**
 * The language of this request's screens: the signed-in person's culture (read from the database on
 * every request, so a change in "Your settings" applies at the next render, without signing out),
 * otherwise the browser's Accept-Language.
 */
export const currentLocale = cache(async (): Promise<Locale> => {
  const user = await consoleUser();
  if (user) return localeOfCulture(user.culture);
  return negotiateLocale((await headers()).get("accept-language"));
});

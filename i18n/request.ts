import { getRequestConfig } from "next-intl/server";
import { currentLocale } from "@/server/i18n/current-locale";
import { messagesOf } from "./messages";

/** next-intl's per-request configuration: the signed-in person's language, else the browser's. */
export default getRequestConfig(async () => {
  const locale = await currentLocale();
  return { locale, messages: messagesOf(locale), timeZone: "Europe/Zurich" };
});

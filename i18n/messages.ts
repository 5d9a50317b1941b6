import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Locale } from "./locales";

export type Messages = Record<string, unknown>;

/**
 * The message catalog of a language: every file messages/<locale>/<namespace>.json, as
 * { <namespace>: {...} }. One file per area keeps the catalogs readable and lets several people
 * work on different screens without touching the same file. Read once per process.
 */
const loaded = new Map<Locale, Messages>();

export function messagesOf(locale: Locale): Messages {
  let messages = loaded.get(locale);
  if (!messages) {
    const folder = path.join(process.cwd(), "messages", locale);
    messages = {};
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      messages[file.slice(0, -".json".length)] = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
    }
    loaded.set(locale, messages);
  }
  return messages;
}

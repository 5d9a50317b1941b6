import type { z } from "zod";
import type { CaseDefinitionOut } from "@/server/cases/schemas";

export type CaseDefinition = z.infer<typeof CaseDefinitionOut>;
export type CaseFieldDefinition = CaseDefinition["fields"][number];
export type Language = "de" | "fr" | "it" | "en";
export type Localized = Record<Language, string>;
/** A lookup's choices for the case forms: key and name (cost centers, accounts). */
export type LookupChoices = Record<string, { key: string; value: string }[]>;

/** The payroll's document language, else English. */
export const localized = (name: Localized | null | undefined, language: Language) => (name ? name[language] || name.en : "");

/** A stored value as people read it: option names, Yes/No, CHF and percent. */
export function displayValue(field: CaseFieldDefinition | undefined, value: string, language: Language, lookups: LookupChoices = {}) {
  if (!field) return value;
  switch (field.valueType) {
    case "enum":
      return localized(field.options?.find((o) => o.value === value)?.displayName, language) || value;
    case "boolean":
      return value === "true" ? "Yes" : value === "false" ? "No" : value;
    case "money":
      return `CHF ${value}`;
    case "percent":
      return `${value} %`;
    case "lookup": {
      const found = field.lookup ? lookups[field.lookup]?.find((l) => l.key === value) : undefined;
      return found ? `${found.key} · ${found.value}` : value;
    }
    default:
      return value;
  }
}

/** 2026-03-01T10:15:00Z as "1 Mar 2026, 11:15" in Zurich time. */
export function formatInstant(iso: string) {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Zurich" }).format(new Date(iso));
}

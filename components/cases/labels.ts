import type { z } from "zod";
import type { CaseDefinitionOut } from "@/server/cases/schemas";
import { formatDate as swissDate } from "@/server/documents/pdf/i18n";
import { formatChf } from "@/components/periods/labels";
import { findingTitle, toRappen } from "@/components/results/labels";

export type CaseDefinition = z.infer<typeof CaseDefinitionOut>;
export type CaseFieldDefinition = CaseDefinition["fields"][number];
export type Language = "de" | "fr" | "it" | "en";
export type Localized = Record<Language, string>;
/** A lookup's choices for the case forms: key and name (cost centers, accounts). */
export type LookupChoices = Record<string, { key: string; value: string }[]>;

/** The console speaks English for now: the regulation's English display names, whatever the payroll's document language. */
export const CONSOLE_LANGUAGE: Language = "en";

/** The payroll's document language, else English. */
export const localized = (name: Localized | null | undefined, language: Language) => (name ? name[language] || name.en : "");

/**
 * A display name inside a sentence ("Save salary", "History of employment"): the first letter in
 * lower case, unless the name starts with an abbreviation or a proper name ("AHV compensation fund",
 * "Payroll Control confirmation").
 */
export function sentenceName(name: string) {
  return /^[A-Z][a-z]+(?:$|[\s(,-][^A-Z])/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** "control.missing_cost_center" as "No cost center": a Payroll Control finding's code in words (components/results/labels.ts). */
export const findingName = findingTitle;

/** A stored value as people read it: option names, Yes/No, Swiss amounts (7'000.00) and dates (01.09.2026), percent. */
export function displayValue(field: CaseFieldDefinition | undefined, value: string, language: Language, lookups: LookupChoices = {}, { currency = true }: { currency?: boolean } = {}) {
  if (!field) return value;
  switch (field.valueType) {
    case "enum":
      return localized(field.options?.find((o) => o.value === value)?.displayName, language) || value;
    case "boolean":
      return value === "true" ? "Yes" : value === "false" ? "No" : value;
    case "money":
      return /^-?\d+(\.\d+)?$/.test(value) ? `${currency ? "CHF " : ""}${formatChf(toRappen(value))}` : value;
    case "percent":
      return `${value} %`;
    case "date":
      return swissDate(value);
    case "lookup": {
      const found = field.lookup ? lookups[field.lookup]?.find((l) => l.key === value) : undefined;
      return found ? `${found.key} · ${found.value}` : value;
    }
    default:
      return field.name === "ControlCode" && /^[a-z]+\.[a-z_]+$/.test(value) ? findingName(value) : value;
  }
}

/** Why a field is required, in a sentence: "Required when the salary type is monthly". */
export function requirementOf(field: CaseFieldDefinition, definition: CaseDefinition, language: Language) {
  if (!field.required) return null;
  if (field.requiredWhen) {
    const other = definition.fields.find((f) => f.name === field.requiredWhen!.field);
    const name = other ? sentenceName(localized(other.displayName, language)) : "another field";
    const values = field.requiredWhen.in.map((v) => displayValue(other, v, language));
    return `Required when the ${name} is ${values.join(" or ")}`;
  }
  return field.requiredFor === "payment" ? "Required to pay the salary out" : "Required for the payroll calculation";
}

/** 2026-03-01T10:15:00Z as "1 Mar 2026, 11:15" in Zurich time. */
export function formatInstant(iso: string) {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/Zurich" }).format(new Date(iso));
}

import type { z } from "zod";
import { formatIbanForPrint } from "@/server/regulations/catalog/identifiers";
import type { CaseDefinitionOut } from "@/server/cases/schemas";
import type { Formatter } from "@/components/format/swiss";
import { findingTitle } from "@/components/results/labels";

export type CaseDefinition = z.infer<typeof CaseDefinitionOut>;
export type CaseFieldDefinition = CaseDefinition["fields"][number];
export type Language = "de" | "fr" | "it" | "en";
export type Localized = Record<Language, string>;
/** A lookup's choices for the case forms: key and name (cost centers, accounts). */
export type LookupChoices = Record<string, { key: string; value: string }[]>;

/** A catalog's messages of one namespace (next-intl's t of getTranslations or useTranslations). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The language of a regulation's display names for a locale ("fr-CH" -> "fr"). Swiss payroll is run
 * in German first: an unknown locale reads German.
 */
export function languageOf(locale: string): Language {
  const language = locale.slice(0, 2).toLowerCase();
  return language === "fr" || language === "it" || language === "en" ? language : "de";
}

/**
 * A regulation's display name in the person's language; where the regulation lacks that language,
 * in German (issue 12, item 3), never the internal name. English only when German is missing too.
 */
export const localized = (name: Partial<Localized> | null | undefined, language: Language) =>
  name ? name[language]?.trim() || name.de?.trim() || name.en?.trim() || "" : "";

/** Whether a display name has no text of its own in the language, so that people read it in German. */
export const fallsBackToGerman = (name: Partial<Localized> | null | undefined, language: Language) =>
  !!name && language !== "de" && !name[language]?.trim() && !!name.de?.trim();

/**
 * A display name inside an English sentence ("Save salary", "History of employment"): the first
 * letter in lower case, unless the name starts with an abbreviation or a proper name ("AHV
 * compensation fund", "Payroll Control confirmation").
 */
export function sentenceName(name: string) {
  return /^[A-Z][a-z]+(?:$|[\s(,-][^A-Z])/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** A display name as it stands in a sentence of the language: English lowers the first word, German, French and Italian keep it. */
export const nameInSentence = (name: string, language: Language) => (language === "en" ? sentenceName(name) : name);

/** "control.missing_cost_center" as "No cost center": a Payroll Control finding's code in words (components/results/labels.ts). */
export const findingName = findingTitle;

/** What the case screens need to speak: the person's language, the `cases` catalog and the Swiss formats. */
export type CaseWords = { language: Language; t: Translate; format: Formatter };

/** A stored value as people read it: option names, Yes/No, Swiss amounts (7'000.00) and dates (01.09.2026), percent. */
export function displayValue(
  field: CaseFieldDefinition | undefined,
  value: string,
  words: CaseWords,
  lookups: LookupChoices = {},
  { currency = true }: { currency?: boolean } = {},
) {
  if (!field) return value;
  const { language, t, format } = words;
  switch (field.valueType) {
    case "enum":
      return localized(field.options?.find((o) => o.value === value)?.displayName, language) || value;
    case "boolean":
      return value === "true" ? t("values.yes") : value === "false" ? t("values.no") : value;
    case "money":
      return /^-?\d+(\.\d+)?$/.test(value) ? (currency ? format.chf(value) : format.amount(value)) : value;
    case "percent":
      return /^-?\d+(\.\d+)?$/.test(value) ? format.percent(value) : value;
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? format.date(value) : value;
    case "iban":
      return formatIbanForPrint(value);
    case "lookup": {
      const found = field.lookup ? lookups[field.lookup]?.find((l) => l.key === value) : undefined;
      return found ? `${found.key} · ${found.value}` : value;
    }
    default:
      return field.name === "ControlCode" && /^[a-z]+\.[a-z_]+$/.test(value) ? findingName(value) : value;
  }
}

/** Alternatives in the language: "monthly or hourly", "mensuel ou horaire". */
export const orList = (values: string[], locale: string) =>
  new Intl.ListFormat(locale, { type: "disjunction" }).format(values);

/** Why a field is required, in a sentence: "Required when the salary type is monthly". */
export function requirementOf(field: CaseFieldDefinition, definition: CaseDefinition, words: CaseWords) {
  if (!field.required) return null;
  const { language, t, format } = words;
  if (field.requiredWhen) {
    const other = definition.fields.find((f) => f.name === field.requiredWhen!.field);
    const name = other ? nameInSentence(localized(other.displayName, language), language) : t("required.anotherField");
    const values = field.requiredWhen.in.map((v) => displayValue(other, v, words));
    return t("required.when", { field: name, values: orList(values, format.locale) });
  }
  return field.requiredFor === "payment" ? t("required.payment") : t("required.calculation");
}

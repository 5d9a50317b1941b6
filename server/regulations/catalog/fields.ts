import type { CaseField, CaseOption, Localized } from "./types";
import { L } from "./types";

/** Builders that keep the catalog files readable. */
export function field(
  name: string,
  displayName: Localized,
  valueType: CaseField["valueType"],
  more: Partial<Omit<CaseField, "name" | "displayName" | "valueType">> = {},
): CaseField {
  return { name, displayName, valueType, required: false, moment: false, ...more };
}

export function option(value: string, de: string, fr: string, it: string, en: string): CaseOption {
  return { value, displayName: L(de, fr, it, en) };
}

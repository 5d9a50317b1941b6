import { localized, type CaseFieldDefinition, type Language } from "@/components/cases/labels";
import type { RegulationNames } from "@/server/results/names";
import type { ParameterUnit } from "@/server/regulations/catalog";
import type { Vocabulary } from "./labels";

/** A regulation parameter's unit, to show its value as people read it. */
export type ParameterUnits = ReadonlyMap<string, ParameterUnit>;

/**
 * A payroll's names (payrollNames) in one language: words names each case, field, lookup and
 * parameter by its display name (German where the regulation lacks the language). A parameter
 * whose key is also a field's name (HolidayWeeks) is named as the field; a parameter without a
 * display name (a version stored before parameters had them) is left out, so that nameOf spells
 * its key out as before.
 */
export function vocabularyOf(names: RegulationNames, speaks: Language) {
  const words = new Map<string, string>();
  const fields = new Map<string, CaseFieldDefinition>();
  for (const definition of names.cases) {
    words.set(definition.name, localized(definition.displayName, speaks));
    for (const field of definition.fields) {
      words.set(field.name, localized(field.displayName, speaks));
      fields.set(field.name, field);
    }
  }
  for (const lookup of names.lookups) words.set(lookup.name, localized(lookup.displayName, speaks));
  for (const parameter of names.parameterNames) {
    const name = localized(parameter.displayName, speaks);
    if (name && !words.has(parameter.key)) words.set(parameter.key, name);
  }
  const units: ParameterUnits = new Map(names.parameters.map((p) => [p.key, p.unit]));
  const wageTypes: ReadonlyMap<string, string> = new Map(
    names.wageTypes.map((w) => [w.number, localized(w.name, speaks)]),
  );
  const collectors: ReadonlyMap<string, string> = new Map(
    names.collectors.map((c) => [c.name, localized(c.displayName, speaks)]),
  );
  return {
    words: words as Vocabulary,
    fields: fields as ReadonlyMap<string, CaseFieldDefinition>,
    units,
    wageTypes,
    collectors,
  };
}

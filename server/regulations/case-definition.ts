import type { CaseDefinition } from "./catalog";

/** A case definition of the catalog as the API shows it (GET .../cases, and the results' vocabulary). */
export function toCaseDefinition(definition: CaseDefinition) {
  return {
    name: definition.name,
    displayName: definition.displayName,
    scope: definition.scope,
    cluster: definition.cluster,
    fields: definition.fields.map((field) => ({
      name: field.name,
      displayName: field.displayName,
      valueType: field.valueType,
      required: field.required !== false,
      requiredFor: field.required === false ? null : field.required,
      cluster: definition.cluster,
      requiredWhen: field.requiredWhen ? { field: field.requiredWhen.field, in: [...field.requiredWhen.in] } : null,
      options: field.options ? field.options.map((o) => ({ value: o.value, displayName: o.displayName })) : null,
      lookup: field.lookup ?? null,
      moment: field.moment,
      default: field.default ?? null,
    })),
  };
}

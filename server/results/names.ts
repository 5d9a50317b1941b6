import { toCaseDefinition } from "../regulations/case-definition";
import type { Localized, RegulationVersion } from "../regulations/catalog";

/**
 * The names a payroll's results speak of, from the versions of its regulations in force: cases with
 * their fields, lookups, parameters with their units and display names, wage types and collectors.
 * A parameter's display name comes from the version in force; where it lacks one (a version stored
 * before parameters had display names) or lacks the parameter (what calc.regulation_incomplete
 * names), from `elsewhere`: the other stored versions of the same regulations, latest first. A
 * parameter no version names stays without a display name (the console spells its key out).
 */
export function regulationNames(inForce: readonly RegulationVersion[], elsewhere: readonly RegulationVersion[] = []) {
  const parameterNames = new Map<string, Localized>();
  for (const version of [...inForce, ...elsewhere]) {
    for (const parameter of version.parameters)
      if (parameter.displayName && !parameterNames.has(parameter.key))
        parameterNames.set(parameter.key, parameter.displayName);
  }
  return {
    cases: inForce.flatMap((v) => v.cases.map(toCaseDefinition)),
    lookups: inForce.flatMap((v) => v.lookups.map((l) => ({ name: l.name, displayName: l.displayName }))),
    parameters: inForce.flatMap((v) => v.parameters.map((p) => ({ key: p.key, unit: p.unit }))),
    parameterNames: [...parameterNames].map(([key, displayName]) => ({ key, displayName })),
    wageTypes: inForce.flatMap((v) => v.wageTypes.map((w) => ({ number: w.number, name: w.name }))),
    collectors: inForce.flatMap((v) => v.collectors.map((c) => ({ name: c.name, displayName: c.displayName }))),
  };
}

export type RegulationNames = ReturnType<typeof regulationNames>;

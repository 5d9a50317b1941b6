import { describe, expect, it } from "vitest";
import { WageTypeNumber } from "@/server/calc/wage-types";
import { allRegulations, type WageType } from "@/server/regulations/catalog";

/** Every wage type of every shipped regulation version, with where it is defined. */
const shipped: { where: string; wageType: WageType }[] = allRegulations().flatMap((regulation) =>
  regulation.versions.flatMap((version) =>
    version.wageTypes.map((wageType) => ({ where: `${regulation.name} ${version.validFrom}`, wageType })),
  ),
);

/**
 * The constant's key for a catalog name: the English name in PascalCase, with the spellings an
 * identifier needs ("13th" has to start with a letter; AHV/IV/EO is AHV as in AhvWage; L-GAV one word).
 */
function keyOf(englishName: string): string {
  return englishName
    .replace(/^13th\b/, "Thirteenth")
    .replace(/^14th\b/, "Fourteenth")
    .replace("AHV/IV/EO", "AHV")
    .replace("L-GAV", "LGAV")
    .split(" ")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join("");
}

describe("named wage type numbers (server/calc/wage-types.ts)", () => {
  it.each(Object.entries(WageTypeNumber))("%s (%s) is in the shipped catalog under that name", (key, number) => {
    const defined = shipped.filter((s) => s.wageType.number === number);
    expect(defined.length, `wage type ${number} is in no shipped regulation`).toBeGreaterThan(0);
    for (const { where, wageType } of defined) expect(keyOf(wageType.name.en), `${number} in ${where}`).toBe(key);
  });

  it("names every wage type of the shipped catalog once", () => {
    const numbers = Object.values(WageTypeNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const catalog = new Set(shipped.map((s) => s.wageType.number));
    expect([...catalog].filter((number) => !numbers.includes(number as WageTypeNumber))).toEqual([]);
  });
});

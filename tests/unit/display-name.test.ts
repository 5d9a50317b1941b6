import { describe, expect, it } from "vitest";
import { displayName, languageOf } from "@/components/regulations/display-name";

/** Contract 9c: names from the regulation in the person's language; German where it lacks that language, never the internal name. */
describe("a regulation's display name in the person's language", () => {
  const full = { de: "Lohn", fr: "Salaire", it: "Salario", en: "Salary" };

  it("maps each locale to its language", () => {
    expect(["de-CH", "fr-CH", "it-CH", "en-CH"].map(languageOf)).toEqual(["de", "fr", "it", "en"]);
  });

  it("takes the name in the locale's language", () => {
    expect(["de-CH", "fr-CH", "it-CH", "en-CH"].map((locale) => displayName(full, locale))).toEqual([
      "Lohn",
      "Salaire",
      "Salario",
      "Salary",
    ]);
  });

  it("falls back to German where the regulation lacks the language (not to English)", () => {
    expect(displayName({ de: "Lohn", fr: "", it: "", en: "Salary" }, "it-CH")).toBe("Lohn");
    expect(displayName({ de: "Lohn", en: "Salary" }, "fr-CH")).toBe("Lohn");
  });

  it("is empty without a name, so the screen can say what it has instead", () => {
    expect(displayName(null, "de-CH")).toBe("");
    expect(displayName({}, "en-CH")).toBe("");
  });
});

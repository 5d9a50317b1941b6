import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fallsBackToGerman, languageOf, localized, type Language } from "@/components/cases/labels";
import { allRegulations, LANGUAGES, type Localized } from "@/server/regulations/catalog";

/**
 * Case, field, option, wage type, collector, lookup and parameter names come from the regulation's display
 * names in the person's language; where a regulation lacks the language they are shown in German,
 * never by their internal name (issue 12, item 3). This test says which texts of the shipped
 * regulations people read in German instead of their language, in a report
 * (test-results/regulation-language-fallbacks.json and the test's output).
 */
type Text = { where: string; internal: string; name: Localized };

function textsOf(): Text[] {
  const texts: Text[] = [];
  for (const regulation of allRegulations()) {
    texts.push({ where: regulation.name, internal: regulation.name, name: regulation.displayName });
    for (const version of regulation.versions) {
      const at = `${regulation.name}@${version.validFrom}`;
      for (const c of version.cases) {
        texts.push({ where: `${at} case`, internal: c.name, name: c.displayName });
        for (const f of c.fields) {
          texts.push({ where: `${at} field of ${c.name}`, internal: f.name, name: f.displayName });
          for (const o of f.options ?? [])
            texts.push({ where: `${at} option of ${f.name}`, internal: o.value, name: o.displayName });
        }
      }
      for (const w of version.wageTypes) texts.push({ where: `${at} wage type`, internal: w.number, name: w.name });
      for (const c of version.collectors)
        texts.push({ where: `${at} collector`, internal: c.name, name: c.displayName });
      // A parameter without a display name counts as one lacking every language (the console would spell its key out).
      for (const p of version.parameters)
        texts.push({ where: `${at} parameter`, internal: p.key, name: p.displayName ?? ({} as Localized) });
      for (const l of version.lookups) {
        texts.push({ where: `${at} lookup`, internal: l.name, name: l.displayName });
        for (const v of l.values)
          if (v.displayName) texts.push({ where: `${at} value of ${l.name}`, internal: v.key, name: v.displayName });
      }
    }
  }
  return texts;
}

describe("regulation texts in the person's language (issue 12, item 3)", () => {
  it("maps each locale to the regulation's language, German for any other", () => {
    expect(["de-CH", "fr-CH", "it-CH", "en-CH", "rm-CH", ""].map(languageOf)).toEqual([
      "de",
      "fr",
      "it",
      "en",
      "de",
      "de",
    ]);
  });

  it("falls back to German where the language is missing, never to the internal name", () => {
    const partial = { de: "Monatslohn", fr: "", it: "  ", en: "Monthly salary" } as Localized;
    expect(localized(partial, "fr")).toBe("Monatslohn");
    expect(localized(partial, "it")).toBe("Monatslohn");
    expect(localized(partial, "en")).toBe("Monthly salary");
    expect(fallsBackToGerman(partial, "fr")).toBe(true);
    expect(fallsBackToGerman(partial, "en")).toBe(false);
    // A stored regulation (an update) may lack a language's key altogether.
    expect(localized({ de: "Lohnart" } as Partial<Localized>, "it")).toBe("Lohnart");
    expect(localized(null, "fr")).toBe("");
  });

  it("names every parameter of every regulation in all four languages", () => {
    const lacking: string[] = [];
    let parameters = 0;
    for (const regulation of allRegulations()) {
      for (const version of regulation.versions) {
        for (const parameter of version.parameters) {
          parameters++;
          for (const language of LANGUAGES)
            if (!parameter.displayName?.[language]?.trim())
              lacking.push(`${regulation.name}@${version.validFrom} ${parameter.key}: ${language}`);
        }
      }
    }
    expect(parameters).toBeGreaterThan(40);
    expect(lacking).toEqual([]);
  });

  it("reports which texts of the shipped regulations people read in German instead of their language", () => {
    const texts = textsOf();
    expect(texts.length).toBeGreaterThan(100);
    // Every text has German, so the fallback always has a text to show.
    expect(texts.filter((t) => !t.name.de?.trim()).map((t) => `${t.where}: ${t.internal}`)).toEqual([]);

    const report: Record<Language, { missing: string[]; sameAsGerman: string[] }> = Object.fromEntries(
      LANGUAGES.filter((l) => l !== "de").map((l) => [l, { missing: [] as string[], sameAsGerman: [] as string[] }]),
    ) as never;
    for (const text of texts) {
      for (const language of LANGUAGES) {
        if (language === "de") continue;
        const shown = localized(text.name, language);
        // Never the internal name (unless it is the display name itself, e.g. a wage type "BVG").
        expect(shown, `${text.where}: ${text.internal} in ${language}`).not.toBe("");
        if (shown === text.internal)
          expect(
            text.name.de === text.internal || text.name[language] === text.internal,
            `${text.where}: ${text.internal}`,
          ).toBe(true);
        if (fallsBackToGerman(text.name, language)) {
          expect(shown).toBe(text.name.de.trim());
          report[language as Exclude<Language, "de">].missing.push(`${text.where}: ${text.internal}`);
        } else if (text.name[language]!.trim() === text.name.de.trim() && /\p{L}{4,}/u.test(text.name.de)) {
          report[language as Exclude<Language, "de">].sameAsGerman.push(
            `${text.where}: ${text.internal} (“${text.name.de}”)`,
          );
        }
      }
    }
    const folder = path.resolve(__dirname, "../../test-results");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, "regulation-language-fallbacks.json"),
      `${JSON.stringify({ texts: texts.length, ...report }, null, 2)}\n`,
    );
    const summary = Object.entries(report).map(
      ([language, r]) =>
        `${language}: ${r.missing.length} missing (shown in German), ${r.sameAsGerman.length} written in German`,
    );
    console.info(
      `Regulation texts of ${texts.length} names that fall back to German:\n  ${summary.join("\n  ")}\n  details: test-results/regulation-language-fallbacks.json`,
    );
    // The shipped catalog has every language; what is written in German in another language is the charts' account names.
    for (const r of Object.values(report)) expect(r.missing).toEqual([]);
  });
});

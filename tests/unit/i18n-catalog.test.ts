import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";

/**
 * The message catalogs (messages/<locale>/<namespace>.json, contract section 9c): every language has
 * every key, every message is valid ICU; and no screen renders text of its own instead of the catalog's.
 */
const root = path.resolve(__dirname, "../..");
const catalogDir = (locale: string) => path.join(root, "messages", locale);
const namespaces = (locale: string) =>
  readdirSync(catalogDir(locale))
    .filter((f) => f.endsWith(".json"))
    .sort();

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new Error(`${prefix}: a message must be a string or an object of messages`);
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)),
  );
}
const catalogOf = (locale: string) =>
  Object.assign(
    {},
    ...namespaces(locale).map((file) =>
      flatten(JSON.parse(readFileSync(path.join(catalogDir(locale), file), "utf8")), file.slice(0, -5)),
    ),
  ) as Record<string, string>;

describe("the message catalogs", () => {
  const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, catalogOf(locale)]));

  it("have the same namespaces and the same keys in every language", () => {
    for (const locale of LOCALES) {
      expect(namespaces(locale), locale).toEqual(namespaces("en-CH"));
      const keys = Object.keys(catalogs[locale]!).sort();
      const reference = Object.keys(catalogs["en-CH"]!).sort();
      expect(
        keys.filter((k) => !reference.includes(k)),
        `${locale}: keys no other language has`,
      ).toEqual([]);
      expect(
        reference.filter((k) => !keys.includes(k)),
        `${locale}: keys missing`,
      ).toEqual([]);
    }
  });

  it("hold valid ICU messages with the same arguments in every language, none empty", () => {
    const argumentsOf = (message: string, locale: string) => {
      const names = new Set<string>();
      const walk = (elements: unknown[]) => {
        for (const element of elements as {
          value?: unknown;
          options?: Record<string, { value: unknown[] }>;
          children?: unknown[];
        }[]) {
          if (typeof element.value === "string" && "type" in element && (element as { type: number }).type !== 0)
            names.add(element.value);
          if (element.options) for (const option of Object.values(element.options)) walk(option.value);
          if (element.children) walk(element.children);
        }
      };
      walk(new IntlMessageFormat(message, locale).getAst());
      return [...names].sort();
    };
    for (const [key, english] of Object.entries(catalogs["en-CH"]!)) {
      const expected = argumentsOf(english, "en-CH");
      for (const locale of LOCALES) {
        const message = catalogs[locale]![key];
        if (message === undefined) continue; // reported by the test above
        expect(message.trim(), `${locale} ${key} is empty`).not.toBe("");
        expect(argumentsOf(message, locale), `${locale} ${key}: arguments`).toEqual(expected);
      }
    }
  });
});

/** Text a person reads, written into a component instead of taken from the catalog. */
const SHOWN_ATTRIBUTES = new Set([
  "aria-label",
  "placeholder",
  "title",
  "alt",
  "label",
  "hint",
  "description",
  "confirmLabel",
]);
/** Not words of a language: units, codes and signs that read the same in all four. */
const LANGUAGE_FREE =
  /^(CHF|IBAN|AHV|UID|BIC|QR|ELM|pain\.001|XML|CSV|PDF|ZIP|JSON|HTTP|URL|ID|OK|[%·—–…:()/#×+\-*.,'’"|•→←✓✕]+)$/;

function shownText(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const isWords = (text: string) => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    return /\p{L}/u.test(trimmed) && !trimmed.split(" ").every((word) => LANGUAGE_FREE.test(word)) ? trimmed : null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = isWords(node.text);
      if (text) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text}`);
    } else if (
      ts.isJsxAttribute(node) &&
      SHOWN_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    ) {
      const text = isWords(node.initializer.text);
      if (text)
        found.push(
          `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.name.getText()}="${text}"`,
        );
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      ts.isJsxElement(node.parent)
    ) {
      const text = isWords(node.expression.text);
      if (text) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: {"${text}"}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const tsxFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "api" ? [] : tsxFiles(relative);
    return entry.name.endsWith(".tsx") ? [relative] : [];
  });

/**
 * Screens whose text is not in the catalogs yet. The list may only shrink: a file leaves it when
 * its text moves to the catalogs, and a file that has no text of its own any more must leave it.
 */
const NOT_YET_TRANSLATED: string[] = JSON.parse(
  readFileSync(path.join(root, "tests/unit/i18n-not-yet-translated.json"), "utf8"),
);

describe("screens take their text from the catalogs", () => {
  const findings = Object.fromEntries(
    [...tsxFiles("app"), ...tsxFiles("components")]
      .map((file) => [file, shownText(path.join(root, file))] as const)
      .filter(([, text]) => text.length),
  );

  it("no component renders text of its own (JSX text, or shown attributes such as aria-label)", () => {
    const offending = Object.fromEntries(
      Object.entries(findings).filter(([file]) => !NOT_YET_TRANSLATED.includes(file)),
    );
    expect(offending).toEqual({});
  });

  it("the list of screens not yet translated only holds screens that still have text of their own", () => {
    expect(NOT_YET_TRANSLATED.filter((file) => !findings[file])).toEqual([]);
  });
});

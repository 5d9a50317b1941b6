import { z } from "zod";

/**
 * The one rule for text a caller sends: no control characters (C0 other than tab and line breaks,
 * DEL, C1), no bidirectional controls (they reorder what a reader of a document sees), and no
 * unpaired surrogates (they are not UTF-8 and the database refuses them). Single-line fields refuse
 * tab, CR and LF as well.
 *
 * The route wrapper applies the everywhere-rule to every string of every body and query
 * (`firstForbiddenText`), so no field can slip through; `singleLine` / `multiLine` / `identifier`
 * are the zod types of text fields and add the single-line rule and lengths.
 *
 * Names and identifiers are compared (an employee number is unique, a lookup key is looked up), so
 * a single line is read in Unicode NFKC: `１００１` (fullwidth) is `1001`, `ﬁ` is `fi`. Text that is
 * nothing but invisible characters and spaces names nothing and is refused; an identifier refuses
 * invisible characters anywhere (`1001\u200B` would look like `1001` and be another employee).
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LINE = /[\t\r\n\u2028\u2029]/;
/**
 * Characters that show nothing: format characters (Cf: zero-width space U+200B, joiners U+200C/D,
 * word joiner U+2060, BOM U+FEFF, soft hyphen ...) and the other default-ignorable code points
 * (variation selectors, Hangul fillers, combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_OR_SPACE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{White_Space}]/gu;

export function textProblem(value: string, { singleLine }: { singleLine: boolean }): string | null {
  if (CONTROL.test(value)) return "Control characters are not allowed.";
  if (BIDI.test(value)) return "Bidirectional control characters are not allowed.";
  if (!value.isWellFormed()) return "The text is not valid Unicode (unpaired surrogate).";
  if (singleLine && LINE.test(value)) return "Line breaks and tabs are not allowed here; this is a single line.";
  return null;
}

/** Text as names and identifiers are compared: Unicode NFKC, trimmed. */
export const normalizeName = (value: string) => value.normalize("NFKC").trim();

/**
 * What is wrong with a name or identifier already normalized (normalizeName): nothing but invisible
 * characters and spaces, or, for an identifier, an invisible character anywhere. Empty text is the
 * field's own business (required or not).
 */
export function invisibleProblem(value: string, { identifier }: { identifier: boolean }): string | null {
  if (value === "") return null;
  if (value.replace(INVISIBLE_OR_SPACE, "") === "") return "Only invisible characters or spaces: the text is empty.";
  if (identifier && INVISIBLE.test(value))
    return "Invisible characters (such as a zero-width space) are not allowed in an identifier.";
  return null;
}

function nameText({ min, max, identifier }: { min: number; max: number; identifier: boolean }) {
  return z
    .string()
    .normalize("NFKC")
    .trim()
    .min(min, min === 1 ? "Required." : `At least ${min} characters.`)
    .max(max, `At most ${max} characters.`)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, { singleLine: true }) ?? invisibleProblem(value, { identifier });
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A single line of text (a name, a title, a URL), in NFKC, trimmed, not only invisible characters. */
export function singleLine({ min = 1, max = 200 }: { min?: number; max?: number } = {}) {
  return nameText({ min, max, identifier: false });
}

/** An identifier the service compares (an employee number, a lookup key): a single line without invisible characters. */
export function identifier({ min = 1, max = 64 }: { min?: number; max?: number } = {}) {
  return nameText({ min, max, identifier: true });
}

/** Free text that may span lines (a reason, a note). */
export function multiLine({ max = 2000 }: { max?: number } = {}) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, { singleLine: false });
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

const MAX_DEPTH = 32;

export type TextFinding = { path: string; message: string };

/**
 * The first string (or object key) in a parsed body or query that breaks the everywhere-rule, with
 * its path, a key named __proto__, or a nesting deeper than any operation accepts. Iterative, so a hostile depth cannot
 * overflow the stack.
 */
export function firstForbiddenText(root: unknown, prefix = ""): TextFinding | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: prefix, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      const problem = textProblem(value, { singleLine: false });
      if (problem) return { path, message: problem };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_DEPTH) return { path, message: `Nested more than ${MAX_DEPTH} levels deep.` };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      // JSON.parse keeps "__proto__" as a key of its own, but copying it into an object (zod's records
      // do) sets the prototype instead, and the entry vanishes: `amounts: { "__proto__": "10.00" }` read as
      // no amounts at all would pay the whole open amount. No field of any operation has this name.
      const keyProblem =
        key === "__proto__" ? "A key named __proto__ is not accepted." : textProblem(key, { singleLine: true });
      if (keyProblem) return { path: childPath, message: keyProblem };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

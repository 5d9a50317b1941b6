import anyAscii from "any-ascii";

/**
 * The character sets of the Swiss Payment Standards (pain.001.001.09.ch.03), pure.
 *
 * Text elements (`SPSText` in the XSD) allow Basic Latin, Latin-1 Supplement, Latin Extended-A and
 * € Ș ș Ț ț, minus every character of category C (controls, format characters such as the soft
 * hyphen U+00AD or the right-to-left override U+202E, surrogates, private use). Reference elements
 * (MsgId, PmtInfId, InstrId, EndToEndId) are kept to A-Z a-z 0-9 and space, as the contract asks
 * (the XSD would also allow a few punctuation marks).
 *
 * Everything else is transliterated, in this order for each character:
 *  1. text is first composed (NFC), so "u" + combining diaeresis becomes "ü", which is allowed;
 *  2. a character of the set is kept as it is: "Ł", "Ø", "ß", "ſ" (long s, Latin Extended-A) stay;
 *  3. every kind of white space (tab, line breaks, no-break and ideographic spaces) becomes a space,
 *     runs of spaces become one, and the text is trimmed;
 *  4. emoji (pictographs, skin tones, flags, joiners, variation selectors), other format and control
 *     characters and stray combining marks are dropped;
 *  5. a compatibility form is used where it lies in the set (NFKC: "ﬁ" -> "fi", fullwidth "Ａ" -> "A",
 *     "ǆ" -> "dž"), else the base letters of its decomposition (NFKD without marks: "ệ" -> "e");
 *  6. anything left (Greek, Cyrillic, CJK, "ẞ", ...) goes through any-ascii ("Юлия" -> "Yuliya",
 *     "北京" -> "BeiJing"); what has no transliteration is dropped.
 * The set lies wholly in the Basic Multilingual Plane, so the result never holds a surrogate pair
 * and a cut to a maximum length (counted in characters, as XML Schema counts) never splits one.
 */

const EXTRA = new Set([0x20ac, 0x0218, 0x0219, 0x021a, 0x021b]);

/** True for a code point of the SPS character set (and not of category C). */
export function isSpsCodePoint(cp: number): boolean {
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp >= 0xa0 && cp <= 0x17f) return cp !== 0xad;
  return EXTRA.has(cp);
}

const SPS_TEXT = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u017f\u20ac\u0218-\u021b]+$/;
/**
 * Text already in the set, with single inner spaces and nothing to trim: the common case, returned
 * as it is (cut). No character of the set changes under NFC, and combining marks lie outside it.
 */
const CLEAN =
  /^[\u0021-\u007e\u00a1-\u00ac\u00ae-\u017f\u20ac\u0218-\u021b]+(?: [\u0021-\u007e\u00a1-\u00ac\u00ae-\u017f\u20ac\u0218-\u021b]+)*$/;
const SPACE = /[\s\u0085\u180e]/u;
const DROP = /[\p{Extended_Pictographic}\p{Emoji_Component}\p{C}\p{M}]/u;

/** True when the text is non-empty and every character lies in the SPS set (what the XSD's SPSText accepts). */
export function isSpsText(text: string): boolean {
  return SPS_TEXT.test(text);
}

function allSps(text: string): boolean {
  for (const ch of text) if (!isSpsCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

function onlySps(text: string): string {
  let out = "";
  for (const ch of text) if (isSpsCodePoint(ch.codePointAt(0)!)) out += ch;
  return out;
}

function transliterate(ch: string): string {
  const compatible = ch.normalize("NFKC");
  if (compatible !== ch && allSps(compatible)) return compatible;
  const base = onlySps(ch.normalize("NFKD"));
  if (base) return base;
  return onlySps(anyAscii(ch));
}

/** Cuts to at most `max` characters (code points), never inside a surrogate pair, and trims the end. */
export function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text.trimEnd();
  const points = Array.from(text);
  return points.length <= max ? text.trimEnd() : points.slice(0, max).join("").trimEnd();
}

/**
 * Text for an SPS text element: transliterated to the SPS set, white space collapsed, trimmed and
 * cut to `max` characters. May return "" (nothing printable was left): the caller decides whether
 * the element is then omitted or the input refused.
 */
export function toSpsText(text: string, max: number): string {
  if (CLEAN.test(text)) return cutToLength(text, max);
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (SPACE.test(ch)) out += " ";
    else if (isSpsCodePoint(cp)) out += ch;
    else if (DROP.test(ch)) continue;
    else out += transliterate(ch);
  }
  return cutToLength(out.replace(/ {2,}/g, " ").trim(), max);
}

/** The character set of reference elements: A-Z a-z 0-9 and single inner spaces, 1 to 35 characters. */
const REFERENCE = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;
export const REFERENCE_MAX_LENGTH = 35;

export function isReference(text: string, max = REFERENCE_MAX_LENGTH): boolean {
  return text.length <= max && REFERENCE.test(text);
}

/**
 * Derives a reference (A-Z a-z 0-9 and space, at most `max` characters) from any text: letters are
 * transliterated ("Müller-Łódź 2026/11" -> "MullerLodz 202611"), everything else is dropped. May
 * return "". Distinct inputs can give the same reference: check uniqueness where it matters.
 */
export function toReference(text: string, max = REFERENCE_MAX_LENGTH): string {
  let out = "";
  for (const ch of toSpsText(text, Number.MAX_SAFE_INTEGER)) {
    if (/[A-Za-z0-9 ]/.test(ch)) out += ch;
    else out += anyAscii(ch.normalize("NFKD")).replace(/[^A-Za-z0-9 ]/g, "");
  }
  return cutToLength(out.replace(/ {2,}/g, " ").trim(), max);
}

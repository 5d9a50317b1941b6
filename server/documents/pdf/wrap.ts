import { Font } from "@react-pdf/renderer";
import { PDF_FONT, registerPdfFonts } from "./fonts";

/** The width of a text in points, as drawn. */
export type Measure = (text: string) => number;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The lines of `text` that each fit `width`: broken at spaces where a word fits, and a word wider
 * than a line (a long name without spaces, an e-mail address) broken between its characters. No
 * character is added, no hyphen either (a name can hold hyphens of its own), and none is dropped:
 * the lines joined are the text, spaces at the breaks aside.
 *
 * Payroll documents never hyphenate (fonts.ts), and react-pdf lets a word wider than its box run
 * on past the box and the page's edge, where it is cut off: the address window showed
 * `...calc'!A` for `...calc'!A0` (issue 38).
 */
export function wrapToWidth(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    if (measure(word) <= width) {
      line = word;
      continue;
    }
    for (const { segment } of graphemes.segment(word)) {
      // A single character wider than the line still gets a line of its own rather than none.
      if (line && measure(line + segment) > width) {
        lines.push(line);
        line = "";
      }
      line += segment;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type FontkitFont = { unitsPerEm: number; layout: (text: string) => { advanceWidth: number } };

/**
 * How wide text is in the documents' font (DejaVu Sans) at `fontSize` and `fontWeight`, measured
 * with the font react-pdf draws with, so that a line measured to fit is drawn on one line.
 */
export async function measureIn(fontWeight: "normal" | "bold", fontSize: number): Promise<Measure> {
  registerPdfFonts();
  const source = Font.getFont({ fontFamily: PDF_FONT, fontWeight });
  await source.load();
  const font = source.data as unknown as FontkitFont;
  return (text) => (font.layout(text).advanceWidth / font.unitsPerEm) * fontSize;
}

/**
 * What a box `width` points wide holds of `lines`, each wrapped (wrapToWidth). A little narrower
 * than the box: react-pdf's line breaking must find every line fits as measured here.
 */
export async function fitLines(
  lines: string[],
  width: number,
  { fontWeight = "normal", fontSize }: { fontWeight?: "normal" | "bold"; fontSize: number },
): Promise<string[]> {
  const measure = await measureIn(fontWeight, fontSize);
  return lines.flatMap((line) => wrapToWidth(line, width * 0.98, measure));
}

import path from "node:path";
import { Font } from "@react-pdf/renderer";

/**
 * DejaVu Sans (npm dejavu-fonts-ttf) covers every character of the four document languages,
 * including names with accents from anywhere; the built-in PDF fonts only cover Latin-1.
 * Resolved from the project root because @react-pdf/renderer runs unbundled (serverExternalPackages).
 */
export const PDF_FONT = "DejaVu Sans";

let registered = false;

export function registerPdfFonts() {
  if (registered) return;
  const dir = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: path.join(dir, "DejaVuSans.ttf"), fontWeight: "normal" },
      { src: path.join(dir, "DejaVuSans-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // Words are never hyphenated on payroll documents.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

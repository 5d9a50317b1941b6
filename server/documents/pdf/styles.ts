import { StyleSheet } from "@react-pdf/renderer";
import { PDF_FONT } from "./fonts";

/**
 * Styles shared by payroll documents: A4, DejaVu Sans 8.5 pt, margins 20 mm / 18 mm (1 mm = 2.835 pt).
 * A preview says so in a red banner at the top and in the footer of every page. No diagonal
 * watermark: text laid over the table scrambles text extraction (screen readers, pdftotext).
 */
export const MM = 2.835;

export const base = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT,
    fontSize: 8.5,
    paddingTop: 18 * MM,
    paddingBottom: 18 * MM,
    paddingHorizontal: 20 * MM,
    color: "#111",
  },
  bold: { fontWeight: "bold" },
  muted: { color: "#555" },
  previewBanner: {
    borderWidth: 1.5,
    borderColor: "#c00",
    color: "#c00",
    fontWeight: "bold",
    fontSize: 11,
    textAlign: "center",
    paddingVertical: 3,
    marginBottom: 8,
  },
  previewFooter: { color: "#c00", fontWeight: "bold" },
  footer: {
    position: "absolute",
    bottom: 9 * MM,
    left: 20 * MM,
    right: 20 * MM,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7,
    color: "#777",
  },
});

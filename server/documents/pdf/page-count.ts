/**
 * The number of pages of a PDF drawn by react-pdf (pdfkit): the /Count of its one page tree node,
 * which pdfkit writes uncompressed. NaN when there is none.
 */
export function pdfPageCount(pdf: Buffer): number {
  const marker = "/Type /Pages\n/Count ";
  const at = pdf.indexOf(marker, 0, "latin1");
  if (at < 0) return NaN;
  const match = /^\d+/.exec(pdf.toString("latin1", at + marker.length, at + marker.length + 12));
  return match ? Number(match[0]) : NaN;
}

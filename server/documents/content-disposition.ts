/**
 * The Content-Disposition of a document download (RFC 6266 with RFC 8187/5987 `filename*`):
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded name>`.
 *
 * A document's name holds what people typed (an employee identifier, for instance), so it may hold
 * any character: a header value carries only Latin-1 (fetch's Headers refuse anything else, which
 * was a 500), and a quote or backslash would end or escape the quoted file name. The fallback keeps
 * printable ASCII only (letters without their accents, anything else as "_"); the full name goes,
 * percent-encoded as UTF-8, into filename*, which every current browser prefers.
 */
export function attachmentDisposition(name: string, type: "attachment" | "inline" = "attachment"): string {
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${percentEncoded(name)}`;
}

/** PDFs open in the browser (the console links to payslips), other files are saved. */
export const documentDisposition = (name: string, contentType: string) =>
  attachmentDisposition(name, contentType === "application/pdf" ? "inline" : "attachment");

/** Printable ASCII without `"`, `\` and `%` (some agents percent-decode filename); accents dropped, the rest as "_". */
export function asciiFallback(name: string): string {
  const plain = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\%]/gu, "_")
    .replace(/_{2,}/g, "_")
    .trim();
  return plain.replace(/^[._]+$/, "") || "document";
}

/** RFC 8187 value-chars: attr-char stays, every other UTF-8 byte as %XX. */
function percentEncoded(name: string): string {
  const wellFormed = name.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  return encodeURIComponent(wellFormed).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

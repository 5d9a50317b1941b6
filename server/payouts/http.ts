/**
 * HTTP details of payouts' files. contentDisposition is a minimal RFC 6266 header (an ASCII
 * fallback name and the UTF-8 name in filename*); the documents module has its own, to be unified.
 */
export function contentDisposition(name: string, type: "attachment" | "inline" = "attachment") {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Whether the client asks for the pain.001 file itself rather than the JSON answer. */
export function wantsXml(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  return /\bapplication\/xml\b/i.test(accept) && !/\bapplication\/(problem\+)?json\b/i.test(accept);
}

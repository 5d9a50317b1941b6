import { messagesOf } from "@/i18n/messages";
import { problemsPage } from "@/server/docs/reference-pages";

/** Every problem code (each problem's `type` points at its section here), its statuses and operations. */
export function GET() {
  const codes = (messagesOf("en-CH").problems as { codes?: Record<string, unknown> } | undefined)?.codes ?? {};
  const meaning = (code: string) => {
    const found = code
      .split(".")
      .reduce<unknown>(
        (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
        codes,
      );
    return typeof found === "string" ? found : undefined;
  };
  const page = problemsPage(meaning);
  return new Response(page, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
}

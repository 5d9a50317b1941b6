import { referencePage } from "@/server/docs/reference-pages";

/** The API reference (Redoc over /api/openapi.json), served by the service, nothing loaded from elsewhere. */
export function GET() {
  return new Response(referencePage(), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  });
}

import { redocBundle } from "@/server/docs/reference-pages";

/** Redoc's browser bundle from the redoc package (no CDN). */
export function GET() {
  return new Response(redocBundle(), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}

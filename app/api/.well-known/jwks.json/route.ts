import { getJwks } from "@/server/auth/operations";
import { publicJwks } from "@/server/auth/keys";
import { handle, resource } from "@/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  GET: handle(getJwks, async () => ({
    body: await publicJwks("service"),
    headers: { "cache-control": "public, max-age=300" },
  })),
});

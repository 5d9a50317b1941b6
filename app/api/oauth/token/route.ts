import { issueToken } from "@/server/auth/operations";
import { clientCredentialsToken } from "@/server/auth/token-endpoint";
import { handle, resource } from "@/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: handle(issueToken, async ({ request, body }) => ({ body: await clientCredentialsToken(request.headers.get("authorization"), body) })),
});

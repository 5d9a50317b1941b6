import { issueToken } from "@/server/auth/operations";
import { answerRateLimited } from "@/server/auth/rate-limit";
import { clientCredentialsToken } from "@/server/auth/token-endpoint";
import { handle, resource } from "@/server/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  POST: handle(issueToken, async ({ request, body }) => {
    const token = await answerRateLimited(() => clientCredentialsToken(request, body));
    return token instanceof Response ? token : { body: token };
  }),
});

import { issueDevToken } from "@/server/auth/dev-token";
import { issueDevToken as issueDevTokenOp } from "@/server/auth/operations";
import { answerRateLimited } from "@/server/auth/rate-limit";
import { handle, resource } from "@/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: handle(issueDevTokenOp, async ({ request, body }) => {
    const token = await answerRateLimited(() => issueDevToken(body, request));
    return token instanceof Response ? token : { body: token };
  }),
});

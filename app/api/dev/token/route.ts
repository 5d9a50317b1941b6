import { issueDevToken } from "@/server/auth/dev-token";
import { issueDevToken as issueDevTokenOp } from "@/server/auth/operations";
import { handle, resource } from "@/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: handle(issueDevTokenOp, async ({ body }) => ({ body: await issueDevToken(body) })),
});

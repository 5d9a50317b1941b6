import { issueDevToken } from "@/server/auth/dev-token";
import { issueDevToken as issueDevTokenOp } from "@/server/auth/operations";
import { answerRateLimited } from "@/server/auth/rate-limit";
import { usesDevIdentityProvider } from "@/server/env";
import { NotFound } from "@/server/errors";
import { toProblem } from "@/server/http/problem";
import { handle, resource, type RouteContext, type RouteHandler } from "@/server/api/route";

const issue = handle(issueDevTokenOp, async ({ request, body }) => {
  const token = await answerRateLimited(() => issueDevToken(body, request));
  return token instanceof Response ? token : { body: token };
});

// In production the path does not exist, whatever the request: decided before the wrapper reads the body (a bad one is 404 there, not 422).
const issueWhereServed: RouteHandler = Object.assign(
  async (request: Request, context: RouteContext) =>
    usesDevIdentityProvider() ? issue(request, context) : toProblem(new NotFound("route", "route.not_found")),
  { operation: issue.operation },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({ POST: issueWhereServed });

import { problemResponse } from "@/server/http/problem";

/** Anything under /api that no route serves. */
const notFound = async (request: Request) =>
  problemResponse(
    404,
    "route.not_found",
    `No API route matches ${new URL(request.url).pathname}. See /api/openapi.json.`,
  );

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

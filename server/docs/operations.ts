import { z } from "zod";
import { operation } from "../http/operation";

export const getOpenApiOp = operation({
  method: "GET",
  path: "/openapi.json",
  tag: "Meta",
  summary: "This document",
  allow: "public",
  response: z.record(z.string(), z.unknown()),
  problems: { 401: ["auth.invalid_token"] },
});

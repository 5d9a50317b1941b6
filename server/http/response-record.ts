import { appendFileSync } from "node:fs";
import type { Operation } from "./operation";

/**
 * Test runs only: with API_RESPONSE_RECORD naming a file, every answer of a documented operation is
 * appended to it as one JSON line `{ method, path, status, code }`, so that a check after the suites
 * can compare what the routes really answered with what the OpenAPI document says they answer
 * (tests/contract/responses-documented.test.ts). Unset in production: nothing is read or written.
 */
const recordFile = process.env.API_RESPONSE_RECORD;

export async function recordResponse(op: Operation, response: Response): Promise<void> {
  if (!recordFile) return;
  let code: string | undefined;
  if (response.headers.get("content-type")?.startsWith("application/problem+json")) {
    code = ((await response.clone().json()) as { code?: string }).code;
  }
  appendFileSync(recordFile, `${JSON.stringify({ method: op.method, path: op.path, status: response.status, code })}\n`);
}

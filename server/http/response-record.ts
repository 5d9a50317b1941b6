import { appendFileSync } from "node:fs";
import type { Operation } from "./operation";

/**
 * Test runs only: with API_RESPONSE_RECORD naming a file, every answer of a documented operation is
 * appended to it as one JSON line `{ method, path, status, code }`, so that a check after the suites
 * can compare what the routes really answered with what the OpenAPI document says they answer
 * (tests/contract/responses-documented.test.ts). With API_EXAMPLE_RECORD, successful JSON answers
 * are kept with their request bodies too, from which `npm run docs:examples` picks the document's
 * examples. Unset in production: nothing is read or written.
 */
const recordFile = process.env.API_RESPONSE_RECORD;
const exampleFile = process.env.API_EXAMPLE_RECORD;

/** The request's body text when examples are recorded (read before the handler consumes it). */
export async function requestTextForRecord(op: Operation, request: Request): Promise<string | null> {
  return exampleFile && op.body ? request.clone().text() : null;
}

export async function recordResponse(op: Operation, response: Response, requestText: string | null = null): Promise<void> {
  if (!recordFile && !exampleFile) return;
  const type = response.headers.get("content-type") ?? "";
  if (recordFile) {
    let code: string | undefined;
    if (type.startsWith("application/problem+json")) code = ((await response.clone().json()) as { code?: string }).code;
    appendFileSync(recordFile, `${JSON.stringify({ method: op.method, path: op.path, status: response.status, code })}\n`);
  }
  if (exampleFile && response.status < 300 && type.startsWith("application/json")) {
    const body = await response.clone().json();
    let request: unknown = null;
    try {
      request = requestText ? JSON.parse(requestText) : null;
    } catch {
      request = null; // a form-encoded body (the token endpoint): its answer is still an example
    }
    appendFileSync(exampleFile, `${JSON.stringify({ method: op.method, path: op.path, status: response.status, request, response: body })}\n`);
  }
}

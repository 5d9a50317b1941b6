import { appendFileSync } from "node:fs";
import { env } from "../env";
import type { Operation } from "../http/operation";
import { testHooks, type FaultPoint } from "./hooks";

/**
 * The test hooks (server/testing/hooks.ts), for test runs only: loaded by the service at start when
 * PAYROLL_TEST_HOOKS=true (server/startup.ts) and by the vitest projects' setup; no production module
 * imports this file (eslint.config.mjs). Each hook reads its setting when called, so that a test file
 * may still set the environment after the hooks are installed.
 */
export function installTestHooks() {
  testHooks.fault = crashAt;
  testHooks.aroundAnswer = recordAnswer;
}

/**
 * The crash test (tests/e2e/payout-crash.test.ts): at the fault point TEST_CRASH_AT names, the
 * process kills itself with SIGKILL, as a power cut would. Never in production, whatever the
 * environment says.
 */
function crashAt(point: FaultPoint) {
  if (env().TEST_CRASH_AT !== point || env().SERVICE_ENVIRONMENT === "production") return;
  process.kill(process.pid, "SIGKILL");
}

/**
 * With API_RESPONSE_RECORD naming a file, every answer of a documented operation is appended to it
 * as one JSON line `{ method, path, status, code, etag }`, so that a check after the suites can compare
 * what the routes really answered with what the OpenAPI document says they answer
 * (tests/contract/responses-documented.test.ts). With API_EXAMPLE_RECORD, successful JSON answers
 * are kept with their request bodies too, from which `npm run docs:examples` picks the document's
 * examples.
 */
async function recordAnswer(op: Operation, request: Request, answer: () => Promise<Response>): Promise<Response> {
  const { API_RESPONSE_RECORD: recordFile, API_EXAMPLE_RECORD: exampleFile } = env();
  if (!recordFile && !exampleFile) return answer();
  // The request's body is read before the handler consumes it.
  const requestText = exampleFile && op.body ? await request.clone().text() : null;
  const response = await answer();
  const type = response.headers.get("content-type") ?? "";
  if (recordFile) {
    let code: string | undefined;
    if (type.startsWith("application/problem+json")) code = ((await response.clone().json()) as { code?: string }).code;
    appendFileSync(
      recordFile,
      `${JSON.stringify({ method: op.method, path: op.path, status: response.status, code, etag: response.headers.has("etag") || undefined })}\n`,
    );
  }
  if (exampleFile && response.status < 300 && type.startsWith("application/json")) {
    const body = await response.clone().json();
    let requestBody: unknown = null;
    try {
      requestBody = requestText ? JSON.parse(requestText) : null;
    } catch {
      requestBody = null; // a form-encoded body (the token endpoint): its answer is still an example
    }
    appendFileSync(
      exampleFile,
      `${JSON.stringify({ method: op.method, path: op.path, status: response.status, request: requestBody, response: body })}\n`,
    );
  }
  return response;
}

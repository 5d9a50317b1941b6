import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveTarget, TargetRefused } from "./targets";

/** A receiver has this long to answer (contract section 9). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the log keeps of a response body. */
export const RESPONSE_BODY_CHARS = 2048;
const READ_LIMIT_BYTES = 16 * 1024;

export type SendOutcome = {
  /** The HTTP status, or null when no response came (refused target, connection error, timeout). */
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
};

/** A lookup that answers with the address that was checked, whatever DNS says by now. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/**
 * One POST of a webhook delivery: the target checked again (and pinned to the checked address),
 * no redirects followed (node:http never follows them; a 3xx is a failure), a fresh connection,
 * at most DELIVERY_TIMEOUT_MS for the whole exchange. Never throws: what happened is the outcome.
 */
export async function postWebhook(
  payloadUrl: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await resolveTarget(payloadUrl);
  } catch (error) {
    const message =
      error instanceof TargetRefused ? `Target refused: ${error.message}` : `Target refused: ${String(error)}`;
    return { status: null, body: null, error: message, durationMs: elapsed() };
  }
  const { url, address, family } = target;
  const client = url.protocol === "https:" ? https : http;
  const payload = Buffer.from(body, "utf8");
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: {
          ...headers,
          "content-length": String(payload.length),
          "user-agent": "swiss-payroll-webhooks/1",
          connection: "close",
        },
        agent: false,
        ...(address && family ? { lookup: pinnedLookup(address, family) } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_BODY_CHARS);
          const error =
            status >= 200 && status < 300
              ? null
              : status >= 300 && status < 400
                ? `Redirect not followed (${status}${response.headers.location ? ` to ${response.headers.location}` : ""}).`
                : `The receiver answered ${status}.`;
          finish({ status, body: text, error });
        };
        response.on("data", (chunk: Buffer) => {
          if (size >= READ_LIMIT_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: the status decides, the rest of the body is not needed.
          if (size >= READ_LIMIT_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", () => done());
        response.on("close", done);
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s.` });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ status: null, body: null, error: `Connection failed: ${error.code ?? error.message}` }),
    );
    request.end(payload);
  });
}

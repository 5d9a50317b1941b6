import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { createHash } from "node:crypto";
import { getDb } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { isUniqueViolation } from "../db/tenant-scope";
import { Conflict, Invalid } from "../errors";
import { newId } from "../ids";

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A first request that is still "running" after this long died on the way; its key may be used again. */
const STALE_RUNNING_MS = 5 * 60 * 1000;
const REPLAYED_HEADERS = ["content-type", "location", "etag"];

export const requestHash = (method: string, path: string, body: string) =>
  createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");

/**
 * Runs a request at most once per caller and Idempotency-Key: a repeat with the same request gets
 * the first response again; with another request, 422; while the first still runs, 409.
 */
export async function runOncePerKey(caller: string, key: string, hash: string, run: () => Promise<Response>): Promise<Response> {
  if (key.length > 255) throw Invalid.field("Idempotency-Key", "At most 255 characters.", "idempotency.key_invalid");
  const db = await getDb();
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS))));
  const id = newId();
  try {
    await db.insert(idempotencyKeys).values({ id, caller, key, requestHash: hash, state: "running" });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [first] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    if (!first) return runOncePerKey(caller, key, hash, run);
    if (first.requestHash !== hash) {
      throw new Invalid([{ path: "Idempotency-Key", message: "This key was used for a different request." }], "idempotency.key_reused");
    }
    if (first.state === "running") {
      if (Date.now() - first.createdAt.getTime() > STALE_RUNNING_MS) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, first.id));
        return runOncePerKey(caller, key, hash, run);
      }
      throw new Conflict("idempotency.in_progress", "A request with this Idempotency-Key is still being processed.");
    }
    return new Response(first.responseBody, {
      status: first.responseStatus ?? 200,
      headers: { ...first.responseHeaders, "idempotent-replayed": "true" },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    throw error;
  }
  if (response.status >= 500) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    return response;
  }
  const body = await response.text();
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  await db
    .update(idempotencyKeys)
    .set({ state: "done", responseStatus: response.status, responseHeaders: headers, responseBody: body })
    .where(eq(idempotencyKeys.id, id));
  return new Response(body, { status: response.status, headers: response.headers });
}

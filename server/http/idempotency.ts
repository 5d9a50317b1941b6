import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { getDb, type Tx } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { isUniqueViolation } from "../db/tenant-scope";
import { Conflict, Invalid } from "../errors";
import { newId } from "../ids";

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A first request that is still "running" after this long died on the way; its key may be used again. */
const STALE_RUNNING_MS = 5 * 60 * 1000;
const REPLAYED_HEADERS = ["content-type", "location", "etag"];

/** The key a request runs under, and what an earlier run under it committed (see commitUnderKey). */
type KeyedRun = { id: string; committed: string | null };
const keyedRun = new AsyncLocalStorage<KeyedRun>();

/**
 * For an operation whose whole effect is one transaction (a payout): marks the request's key, in
 * that transaction, as committed with a reference to what the operation made. If the process dies
 * after the commit and before the response is stored, a retry with the key is run again with the
 * reference (committedUnderKey) and answers with what was made instead of making it again; and a
 * key left "running" by a dead process then means that nothing was committed. When the key is no
 * longer this run's (it went stale and a retry took it over), throws 409 idempotency.in_progress,
 * which rolls the transaction back: the request never takes effect twice.
 */
export async function commitUnderKey(tx: Tx, reference: string) {
  const run = keyedRun.getStore();
  if (!run || run.committed) return;
  const marked = await tx
    .update(idempotencyKeys)
    .set({ state: "committed", responseBody: reference })
    .where(and(eq(idempotencyKeys.id, run.id), eq(idempotencyKeys.state, "running")))
    .returning({ id: idempotencyKeys.id });
  if (!marked.length)
    throw new Conflict(
      "idempotency.in_progress",
      "Another request with this Idempotency-Key took over; this one made no change.",
    );
}

/** What an earlier run under the request's Idempotency-Key committed (commitUnderKey) but did not get to answer, if anything. */
export const committedUnderKey = (): string | null => keyedRun.getStore()?.committed ?? null;

export const requestHash = (method: string, path: string, body: string) =>
  createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");

/**
 * Runs a request at most once per caller and Idempotency-Key: a repeat with the same request gets
 * the first response again; with another request, 422; while the first still runs, 409. A first
 * run that committed (commitUnderKey) but died before its response was stored is answered by
 * running the request again with committedUnderKey() set, which reads what was committed.
 */
export async function runOncePerKey(
  caller: string,
  key: string,
  hash: string,
  run: () => Promise<Response>,
): Promise<Response> {
  if (key.length > 255) throw Invalid.field("Idempotency-Key", "At most 255 characters.", "idempotency.key_invalid");
  const db = await getDb();
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.caller, caller),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS)),
      ),
    );
  const id = newId();
  try {
    await db.insert(idempotencyKeys).values({ id, caller, key, requestHash: hash, state: "running" });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    if (!first) return runOncePerKey(caller, key, hash, run);
    if (first.requestHash !== hash) {
      throw new Invalid(
        [{ path: "Idempotency-Key", message: "This key was used for a different request." }],
        "idempotency.key_reused",
      );
    }
    if (first.state === "committed") return runAndRecord(first.id, first.responseBody, run);
    if (first.state === "running") {
      if (Date.now() - first.createdAt.getTime() > STALE_RUNNING_MS) {
        // Only while still "running": a run that commits meanwhile (commitUnderKey) keeps its key, and is found again.
        await db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.id, first.id), eq(idempotencyKeys.state, "running")));
        return runOncePerKey(caller, key, hash, run);
      }
      throw new Conflict("idempotency.in_progress", "A request with this Idempotency-Key is still being processed.");
    }
    return new Response(first.responseBody, {
      status: first.responseStatus ?? 200,
      headers: { ...first.responseHeaders, "idempotent-replayed": "true" },
    });
  }
  return runAndRecord(id, null, run);
}

/** Runs the request under the key and stores its response; a key whose run failed before committing anything is forgotten. */
async function runAndRecord(id: string, committed: string | null, run: () => Promise<Response>): Promise<Response> {
  const db = await getDb();
  // A committed key is never forgotten: what its run made must be what every retry gets.
  const forget = () =>
    db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, "running")));
  let response: Response;
  try {
    response = await keyedRun.run({ id, committed }, run);
  } catch (error) {
    await forget();
    throw error;
  }
  if (response.status >= 500) {
    await forget();
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

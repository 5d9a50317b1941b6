import "server-only";
import { sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { getDb } from "../db/client";
import { rateLimits } from "../db/schema";
import { env } from "../env";
import { problemResponse } from "../http/problem";
import { rowsOf } from "../db/rows";

/**
 * Every rate limit of the service, in one place: at most `limit` counted events per key within a
 * window of `windowSeconds` that starts with the key's first event. Once a key is over its limit,
 * every attempt for it answers 429 with Retry-After until the window ends.
 */
export const RATE_LIMITS = {
  /** Failed client-credentials attempts (401) per client id. Successful ones are not counted. */
  tokenFailuresPerClient: { limit: 10, windowSeconds: 60 },
  /** Failed client-credentials attempts (401) per caller address, over all client ids. */
  tokenFailuresPerAddress: { limit: 30, windowSeconds: 60 },
  /**
   * Development tokens (any outcome) per person (email) asked for. Generous: scripted test suites ask for
   * a token per test, and the development identity provider vouches for every address anyway.
   */
  devTokensPerPerson: { limit: 300, windowSeconds: 60 },
  /** Development tokens (any outcome) per caller address. */
  devTokensPerAddress: { limit: 1200, windowSeconds: 60 },
} as const;

export type RateLimitRule = keyof typeof RATE_LIMITS;
export type RateLimitHit = { rule: RateLimitRule; value: string };

/** The counter's key: readable for short plain values, a hash for anything else (keys stay small). */
export function rateLimitKey(rule: RateLimitRule, value: string) {
  const plain = value.length <= 100 && /^[\x21-\x7e]+$/.test(value);
  return `${rule}:${plain ? value : `sha256-${createHash("sha256").update(value).digest("hex")}`}`;
}

/**
 * The caller's address, or null when it is not known. Route handlers do not see the socket; `next start`
 * puts the socket address into X-Forwarded-For only when the request has none, so the header is the
 * client's own word unless a proxy in front of the service rewrites it. With TRUST_PROXY=true (the
 * service is reachable only through a proxy that appends the address it sees), the last entry is that
 * address; earlier entries are what the client claimed and are ignored. Without it, limits per address
 * do not apply (the limits per client and per person do).
 */
export function callerAddress(request: Request): string | null {
  if (env().TRUST_PROXY !== "true") return null;
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? null;
}

/** A request refused because one of its keys is over the limit: 429 problem+json with Retry-After. */
export class RateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super("Too many attempts.");
  }
  response() {
    return problemResponse(
      429,
      "auth.rate_limited",
      `Too many attempts; try again in ${this.retryAfter} seconds.`,
      { title: "Too Many Requests", retryAfter: this.retryAfter },
      { "retry-after": String(this.retryAfter) },
    );
  }
}

/** Runs a rate-limited verb; a RateLimited refusal becomes its 429 response. */
export async function answerRateLimited<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RateLimited) return error.response();
    throw error;
  }
}

const windowOf = (rule: RateLimitRule) => sql`make_interval(secs => ${RATE_LIMITS[rule].windowSeconds})`;

/** Refuses (RateLimited) when any key is over its limit in its current window. One indexed read. */
export async function assertNotLimited(hits: RateLimitHit[]) {
  if (!hits.length) return;
  const db = await getDb();
  const rows = await db.execute<{ retry_after: number | string }>(sql`
    select ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => limits.window_seconds) - now())))::int as retry_after
    from ${rateLimits}
    join (values ${sql.join(
      hits.map(
        ({ rule, value }) =>
          sql`(${rateLimitKey(rule, value)}, ${RATE_LIMITS[rule].limit}::int, ${RATE_LIMITS[rule].windowSeconds}::int)`,
      ),
      sql`, `,
    )}) as limits(key, max_count, window_seconds) on limits.key = ${rateLimits.key}
    where ${rateLimits.count} >= limits.max_count and ${rateLimits.windowStart} + make_interval(secs => limits.window_seconds) > now()
  `);
  const waits = rowsOf<{ retry_after: number | string }>(rows).map((r) => Number(r.retry_after));
  if (waits.length) throw new RateLimited(Math.max(1, ...waits));
}

/**
 * Counts one event for every key, atomically (INSERT ... ON CONFLICT, so concurrent processes share the
 * counter); a window that has ended starts again. Refuses (RateLimited) when a key is now over its limit.
 */
export async function countAttempt(hits: RateLimitHit[], { refuseOverLimit }: { refuseOverLimit: boolean }) {
  const db = await getDb();
  const waits: number[] = [];
  for (const { rule, value } of hits) {
    const current = sql`${rateLimits.windowStart} + ${windowOf(rule)} > now()`;
    const [row] = rowsOf<{ count: number | string; retry_after: number | string }>(
      await db.execute<{ count: number | string; retry_after: number | string }>(sql`
        insert into ${rateLimits} (key, window_start, count) values (${rateLimitKey(rule, value)}, now(), 1)
        on conflict (key) do update set
          count = case when ${current} then ${rateLimits.count} + 1 else 1 end,
          window_start = case when ${current} then ${rateLimits.windowStart} else now() end
        returning count, ceil(extract(epoch from (window_start + ${windowOf(rule)} - now())))::int as retry_after
      `),
    );
    if (row && Number(row.count) > RATE_LIMITS[rule].limit) waits.push(Number(row.retry_after));
  }
  // Now and then, forget counters whose window ended long ago (keys of one-off guesses).
  if (Math.random() < 0.02)
    await db.execute(sql`delete from ${rateLimits} where ${rateLimits.windowStart} < now() - interval '1 hour'`);
  if (refuseOverLimit && waits.length) throw new RateLimited(Math.max(1, ...waits));
}

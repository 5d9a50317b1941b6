import type { z } from "zod";
import type { Permission } from "../permissions";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const HTTP_METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * The contract of one API operation: where it lives, who may call it, and the zod schemas that
 * both parse the request and generate the OpenAPI document.
 */
export type Operation = {
  method: HttpMethod;
  /** OpenAPI path template under /api, e.g. `/tenants/{orgId}/employees`. */
  path: string;
  /** The reference's title for the operation: a verb phrase of at most 60 characters, no trailing period. */
  summary: string;
  /** What a client developer needs to know beyond the title (Markdown), shown under it in the reference. */
  description?: string;
  tag: string;
  allow: Permission;
  query?: AnyObject;
  body?: z.ZodType;
  /** Also accept application/x-www-form-urlencoded bodies (the OAuth token endpoint). */
  form?: boolean;
  response?: z.ZodType;
  status?: number;
  /** A PUT changes only the version the caller read (If-Match, ETag) unless this says `false`. */
  ifMatch?: boolean;
  /**
   * The answer carries the resource's ETag (for the PUT's If-Match) where the document cannot tell from a PUT of the
   * same path: a POST that creates or changes a versioned resource, a read of one under another path.
   */
  answersEtag?: boolean;
  /** Honour an Idempotency-Key header: every POST does unless it says `false` (see `honoursIdempotencyKey`). */
  idempotent?: boolean;
  /**
   * The problems this operation answers besides the ones the route wrapper gives every operation
   * (server/http/common-problems.ts): status -> stable codes. The OpenAPI document lists both, and
   * tests/contract checks that no route answers a status or code its document does not list.
   */
  problems?: Partial<Record<number, readonly string[]>>;
  /** Successful answers besides `status`, e.g. 200 for a dry run. */
  alsoAnswers?: Partial<Record<number, { description: string; response?: z.ZodType }>>;
  /** Content types other than JSON that the operation answers with. */
  produces?: string[];
};

export function operation<const O extends Operation>(op: O): O {
  return op;
}

/** A POST changes state, so a retried or doubled one must not do it twice; other methods opt in. */
export const honoursIdempotencyKey = (op: Operation) => op.idempotent ?? op.method === "POST";

/** A PUT of a versioned resource: If-Match is checked, and the resource answers with an ETag. */
export const honoursIfMatch = (op: Operation) => op.method === "PUT" && op.ifMatch !== false;

/**
 * The error taxonomy of the service. Domain code throws these; each transport maps them once
 * (HTTP: server/http/problem.ts). Codes are stable and dotted, e.g. `payroll.already_exists`.
 */
export type FieldError = { path: string; message: string };

export abstract class ServiceError extends Error {
  abstract readonly kind:
    | "bad_request"
    | "unauthenticated"
    | "forbidden"
    | "not_found"
    | "method_not_allowed"
    | "conflict"
    | "precondition_failed"
    | "payload_too_large"
    | "unsupported_media_type"
    | "invalid";
  constructor(
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends ServiceError {
  readonly kind = "bad_request";
}
export class Unauthenticated extends ServiceError {
  readonly kind = "unauthenticated";
  constructor(message = "A valid bearer token or session is required.", code = "auth.unauthenticated") {
    super(code, message);
  }
}
export class Forbidden extends ServiceError {
  readonly kind = "forbidden";
  constructor(message = "Your role does not allow this.", code = "auth.forbidden") {
    super(code, message);
  }
}
export class NotFound extends ServiceError {
  readonly kind = "not_found";
  constructor(what: string, code = `${what}.not_found`) {
    super(code, `The ${what.replace(/_/g, " ")} does not exist or is not visible to you.`);
  }
}
export class MethodNotAllowed extends ServiceError {
  readonly kind = "method_not_allowed";
  /** `method`, when given, is named: the caller learns which of its methods is not one of these. */
  constructor(
    readonly allow: string[],
    method?: string,
  ) {
    super(
      "request.method_not_allowed",
      `${method ? `${method} is not a method of this resource; it supports` : "This resource supports"} ${allow.join(", ")}.`,
    );
  }
}
export class Conflict extends ServiceError {
  readonly kind = "conflict";
}
export class PreconditionFailed extends ServiceError {
  readonly kind = "precondition_failed";
  constructor(message = "The resource has changed since you read it (If-Match does not match).") {
    super("request.precondition_failed", message);
  }
}
export class PayloadTooLarge extends ServiceError {
  readonly kind = "payload_too_large";
  constructor(limitBytes: number) {
    super("request.too_large", `The request body is larger than ${limitBytes} bytes.`);
  }
}
export class UnsupportedMediaType extends ServiceError {
  readonly kind = "unsupported_media_type";
  constructor(accepted: string[]) {
    super("request.unsupported_media_type", `Send the body as ${accepted.join(" or ")}.`);
  }
}
export class Invalid extends ServiceError {
  readonly kind = "invalid";
  constructor(
    readonly errors: FieldError[],
    code = "validation.failed",
    message = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join("; "),
  ) {
    super(code, message);
  }
  static field(path: string, message: string, code = "validation.failed") {
    return new Invalid([{ path, message }], code);
  }
}

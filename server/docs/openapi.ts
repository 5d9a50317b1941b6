import { z } from "zod";
import { tenantPermissions, type Permission } from "../auth/permissions";
import { honoursIdempotencyKey, type Operation } from "../http/operation";
import { allOperations } from "./all-operations";

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed JSON or parameters",
  401: "Missing, invalid or expired token",
  403: "The caller's role may not do this",
  404: "Unknown resource, or one of a tenant the caller cannot see",
  405: "Method not supported",
  409: "A documented rule forbids it",
  412: "If-Match does not match",
  422: "Invalid values; errors[] names each field",
  429: "Too many attempts; Retry-After says how many seconds to wait",
};

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

function whoMayCall(permission: Permission) {
  if (permission in tenantPermissions) return `Roles: ${tenantPermissions[permission as keyof typeof tenantPermissions].join(", ")} (system users: Administrator of the tenants they created).`;
  return { public: "No authentication.", authenticated: "Any signed-in caller.", "tenant.create": "System users only." }[permission as string] ?? "";
}

function operationObject(op: Operation) {
  const parameters: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  if (op.query) {
    const schema = jsonSchema(op.query, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  if (honoursIdempotencyKey(op)) parameters.push({ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 } });
  if (op.method === "PUT") parameters.push({ name: "If-Match", in: "header", required: false, schema: { type: "string" } });
  const status = String(op.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]: {
      description: "Success",
      content:
        op.response || op.produces
          ? {
              ...(op.response ? { "application/json": { schema: jsonSchema(op.response, "output") } } : {}),
              ...Object.fromEntries((op.produces ?? []).map((type) => [type, { schema: { type: "string", format: "binary" } }])),
            }
          : undefined,
    },
  };
  for (const other of op.otherResponses ?? []) {
    responses[String(other.status)] = {
      description: other.description,
      content: other.response ? { "application/json": { schema: jsonSchema(other.response, "output") } } : undefined,
    };
  }
  const problem = { content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } };
  const errors = new Set([...(op.allow === "public" ? [] : [401, 403]), ...(op.body || op.query ? [400, 422] : []), ...(op.errors ?? [])]);
  const retryAfter = { headers: { "Retry-After": { description: "Seconds to wait before the next attempt.", schema: { type: "integer", minimum: 1 } } } };
  for (const code of [...errors].sort()) responses[String(code)] = { description: STATUS_TEXT[code] ?? "Error", ...(code === 429 ? retryAfter : {}), ...problem };
  const body = op.body
    ? {
        required: true,
        content: {
          "application/json": { schema: jsonSchema(op.body, "input") },
          ...(op.form ? { "application/x-www-form-urlencoded": { schema: jsonSchema(op.body, "input") } } : {}),
        },
      }
    : undefined;
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: op.summary,
    description: whoMayCall(op.allow),
    tags: [op.tag],
    parameters,
    requestBody: body,
    responses,
    security: op.allow === "public" ? [] : undefined,
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of allOperations) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Swiss payroll platform API", version: "1.0.0", description: "Multi-tenant Swiss payroll. See service-interface.md and api-contract.md." },
    servers: [{ url: "/api" }],
    security: [{ bearer: [] }, { session: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      },
      schemas: {
        Problem: {
          type: "object",
          required: ["type", "title", "status", "code"],
          properties: {
            type: { type: "string" },
            title: { type: "string" },
            status: { type: "integer" },
            detail: { type: "string" },
            code: { type: "string", description: "Stable, dotted, e.g. payroll.already_exists" },
            errors: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } },
          },
        },
      },
    },
  };
}

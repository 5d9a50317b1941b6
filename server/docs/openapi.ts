import { z } from "zod";
import { tenantPermissions, type Permission } from "../permissions";
import { problemsOf } from "../http/common-problems";
import { honoursIdempotencyKey, honoursIfMatch, type Operation } from "../http/operation";
import { webhookPayloads } from "../webhooks/payload-schemas";
import { allOperations } from "./all-operations";
import recordedExamples from "./examples.json";

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed JSON or body",
  401: "Missing, invalid or expired token",
  403: "The caller's role may not do this",
  404: "Unknown resource, or one of a tenant the caller cannot see",
  405: "Method not supported",
  409: "A documented rule forbids it",
  413: "The body is larger than 1 MB",
  415: "The body is not JSON (or a form where a form is accepted)",
  412: "If-Match does not match",
  422: "Invalid values; errors[] names each field",
  429: "Too many attempts; Retry-After says how many seconds to wait",
};

type Json = Record<string, unknown>;
type Io = "input" | "output";

/**
 * Schemas named with `.meta({ id })` become components/schemas, referenced from every operation:
 * zod writes each named schema into the $defs of every schema that uses it; they are lifted into
 * the document's components here. A schema whose input form (defaults optional, transforms before)
 * differs from its output form gets a second component, `<id>Input`.
 */
class Components {
  private readonly defs = new Map<string, Partial<Record<Io, Json>>>();
  private readonly schemas: { json: Json; io: Io }[] = [];

  schema(zod: z.ZodType, io: Io): Json {
    const json = z.toJSONSchema(zod, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json & {
      $defs?: Record<string, Json>;
    };
    const $defs = json.$defs;
    delete json.$schema;
    delete json.$defs;
    for (const [id, def] of Object.entries($defs ?? {})) {
      const forms = this.defs.get(id) ?? {};
      const known = forms[io];
      if (known && JSON.stringify(known) !== JSON.stringify(def))
        throw new Error(`Two different schemas are named ${id}`);
      forms[io] = def;
      this.defs.set(id, forms);
    }
    this.schemas.push({ json, io });
    return json;
  }

  private nameOf(id: string, io: Io) {
    const forms = this.defs.get(id)!;
    const differ = forms.input && forms.output && JSON.stringify(forms.input) !== JSON.stringify(forms.output);
    return io === "input" && differ ? `${id}Input` : id;
  }

  private rewrite(json: Json, io: Io) {
    const walk = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach(walk);
      const object = node as Json;
      if (typeof object.$ref === "string" && object.$ref.startsWith("#/$defs/"))
        object.$ref = `#/components/schemas/${this.nameOf(object.$ref.slice("#/$defs/".length), io)}`;
      Object.values(object).forEach(walk);
    };
    walk(json);
  }

  /** Rewrites every collected schema's references and answers components/schemas. */
  finish(): Record<string, Json> {
    for (const { json, io } of this.schemas) this.rewrite(json, io);
    const out: Record<string, Json> = {};
    for (const [id, forms] of [...this.defs].sort(([a], [b]) => a.localeCompare(b))) {
      for (const io of ["output", "input"] as const) {
        const def = forms[io];
        if (!def) continue;
        const name = this.nameOf(id, io);
        if (out[name]) continue;
        const copy = structuredClone(def);
        this.rewrite(copy, io);
        out[name] = copy;
      }
    }
    return out;
  }
}

function whoMayCall(permission: Permission) {
  if (permission in tenantPermissions)
    return `Roles: ${tenantPermissions[permission as keyof typeof tenantPermissions].join(", ")} (system users: Administrator of the tenants they created).`;
  return (
    { public: "No authentication.", authenticated: "Any signed-in caller.", "tenant.create": "System users only." }[
      permission as string
    ] ?? ""
  );
}

const OVERVIEW = `Multi-tenant Swiss payroll: tenants, payrolls, employees, case data, always-current results, payouts with pain.001 files, period close with documents and ELM, webhooks. A step-by-step guide whose code runs in the test suite is in the repository (docs/integration.md), with a typed TypeScript client (client/).

## Authentication
System users get a token with \`POST /api/oauth/token\` (\`grant_type=client_credentials\`, client id and secret as form fields, JSON or HTTP Basic) and send it as \`Authorization: Bearer <token>\`; it expires after \`expires_in\` seconds. People use their identity provider's token, or the console's session cookie.

## Conventions
- JSON bodies; money as decimal strings (\`"6500.00"\`), dates as \`YYYY-MM-DD\`.
- Lists answer \`{ items, nextCursor }\`: pass \`nextCursor\` as \`cursor\` for the next page (\`limit\` 1 to 500, default 50).
- Every POST honours \`Idempotency-Key\`: a retry with the same key and body answers what the first answered and changes nothing twice.
- Versioned resources answer an \`ETag\`; send it as \`If-Match\` with PUT (412 when someone changed it since).
- \`payrunPeriodId\` may be \`open\`: the period open now.
- A tenant you cannot see answers 404, the same as one that does not exist.

## Errors
RFC 9457 problem details (\`application/problem+json\`) with a stable \`code\`; each operation lists its codes per status, and each problem's \`type\` links to its code in [the problem codes](/docs/api/problems). For 422, \`errors[].path\` names each field. \`detail\` is English text for people: act on \`status\` and \`code\`.

## Webhooks
Events are POSTed to your URL signed twice (\`X-Service-Signature\` and Standard Webhooks); see the Webhooks section for each payload.`;

/** Real answers of the API suites as examples (server/docs/examples.json, picked by `npm run docs:examples`). */
export const EXAMPLES = recordedExamples as Record<string, { request?: unknown; responses: Record<string, unknown> }>;

const PATH_PARAMETERS: Record<string, string> = {
  orgId: "The tenant's id (UUID). A tenant the caller cannot see answers 404, the same as an unknown one.",
  payrollId: "The payroll's id (UUID).",
  payrunPeriodId:
    "The period's id (UUID), or `open` for the period open now (in a close: the period that was open when the request arrived).",
  payrunPeriodEntryId: "The entry's id (UUID): one employee's result of the period.",
  employeeId: "The employee's id (UUID).",
  documentId: "The document's id, as listed by the period's documents.",
  invitationId: "The invitation's id (UUID).",
  userMembershipId: "The membership's id (UUID).",
  userId: "The user's id (UUID).",
  regulationId: "The regulation's id, as listed by the payroll's regulations.",
  lookupId: "The lookup's id, as listed by the regulation's lookup sets.",
  lookupValueId: "The lookup value's id (UUID).",
  wageTypeNumber: 'The wage type number, e.g. "1000".',
  payoutId: "The payout's id (UUID).",
  taskId: "The task's id (UUID).",
  webhookId: "The webhook's id (UUID).",
  messageId: "The webhook message's id (UUID).",
};

export const operationIdOf = (op: Operation) =>
  `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;

function operationObject(op: Operation, components: Components, versioned: boolean) {
  const jsonSchema = (schema: z.ZodType, io: Io) => components.schema(schema, io);
  const parameters: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: PATH_PARAMETERS[name!],
    schema: { type: "string" },
  }));
  if (op.query) {
    const schema = jsonSchema(op.query, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  if (honoursIdempotencyKey(op)) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Any unique text (e.g. a UUID) per intended action: a retry with the same key and body answers what " +
        "the first request answered and does nothing twice (kept 24 h; another body with the same key is 422, " +
        "a request still running with it 409).",
      schema: { type: "string", maxLength: 255 },
    });
  }
  if (honoursIfMatch(op))
    parameters.push({
      name: "If-Match",
      in: "header",
      required: false,
      description: "The ETag you read: the change is made only if nobody changed the resource since (412 otherwise).",
      schema: { type: "string" },
    });
  const status = String(op.status ?? 200);
  const examples = EXAMPLES[`${op.method} ${op.path}`];
  const success = (description: string, response?: z.ZodType, answer = status) => ({
    description,
    content:
      response || op.produces
        ? {
            ...(response
              ? {
                  "application/json": {
                    schema: jsonSchema(response, "output"),
                    ...(examples?.responses[answer] !== undefined ? { example: examples.responses[answer] } : {}),
                  },
                }
              : {}),
            ...Object.fromEntries(
              (op.produces ?? []).map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          }
        : undefined,
  });
  const responses: Record<string, unknown> = { [status]: success("Success", op.response) };
  if ((versioned && (op.method === "GET" || op.method === "PUT")) || op.answersEtag) {
    (responses[status] as Json).headers = {
      ETag: {
        description:
          'The resource\'s version, "<id>.<version>": send it back as If-Match with PUT to change only what you read (412 otherwise).',
        schema: { type: "string" },
      },
    };
  }
  for (const [other, answer] of Object.entries(op.alsoAnswers ?? {}))
    if (answer) responses[other] = success(answer.description, answer.response, other);
  const retryAfter = {
    headers: {
      "Retry-After": {
        description: "Seconds to wait before the next attempt.",
        schema: { type: "integer", minimum: 1 },
      },
    },
  };
  for (const [code, problemCodes] of problemsOf(op)) {
    responses[String(code)] = {
      description: `${STATUS_TEXT[code] ?? "Error"}. Codes: ${problemCodes.map((c) => `\`${c}\``).join(", ")}.`,
      ...(code === 429 ? retryAfter : {}),
      content: {
        "application/problem+json": {
          schema: {
            allOf: [
              { $ref: "#/components/schemas/Problem" },
              { type: "object", properties: { status: { const: code }, code: { enum: problemCodes } } },
            ],
          },
        },
      },
    };
  }
  const body = op.body
    ? {
        // An absent body is read as {} (server/api/route.ts): a body whose every field is optional may be left out.
        required: !op.body.safeParse({}).success,
        content: {
          "application/json": {
            schema: jsonSchema(op.body, "input"),
            ...(examples?.request !== undefined ? { example: examples.request } : {}),
          },
          ...(op.form ? { "application/x-www-form-urlencoded": { schema: jsonSchema(op.body, "input") } } : {}),
        },
      }
    : undefined;
  return {
    operationId: operationIdOf(op),
    summary: op.summary,
    description: [op.description, whoMayCall(op.allow)].filter(Boolean).join("\n\n"),
    tags: [op.tag],
    parameters,
    requestBody: body,
    responses,
    security: op.allow === "public" ? [] : undefined,
  };
}

const SIGNATURE_HEADERS = [
  {
    name: "X-Service-Signature",
    description: "sha256=<lowercase hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes>.",
  },
  { name: "webhook-id", description: "Standard Webhooks: the correlationId." },
  { name: "webhook-timestamp", description: "Standard Webhooks: Unix seconds; refuse old ones to stop replays." },
  {
    name: "webhook-signature",
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> (a Standard Webhooks library takes the base64 of the secret).',
  },
];

/** One event as the POST a receiver gets (contract section 9). */
function webhookObject(event: string, summary: string, schema: Json) {
  return {
    post: {
      operationId: `webhook${event}`,
      summary,
      description:
        "Sent to the webhook's payloadUrl after the change commits, at least once: a 2xx within 10 s is " +
        "success, anything else is retried with backoff for at least 72 hours, 410 deactivates the webhook.",
      tags: ["Webhooks"],
      security: [],
      parameters: SIGNATURE_HEADERS.map((header) => ({
        ...header,
        in: "header",
        required: true,
        schema: { type: "string" },
      })),
      requestBody: { required: true, content: { "application/json": { schema } } },
      responses: {
        "200": { description: "Received (any 2xx)." },
        "410": { description: "Gone: the service deactivates the webhook and sends nothing more." },
      },
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const components = new Components();
  for (const op of allOperations) {
    const versioned = allOperations.some((other) => other.path === op.path && honoursIfMatch(other));
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, components, versioned);
  }
  const webhooks = Object.fromEntries(
    Object.entries(webhookPayloads).map(([event, { summary, schema }]) => [
      event,
      webhookObject(event, summary, components.schema(schema, "output")),
    ]),
  );
  const schemas = components.finish();
  return {
    openapi: "3.1.0",
    info: {
      title: "Swiss payroll platform API",
      version: "1.0.0",
      description: OVERVIEW,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/api" }],
    security: [{ clientCredentials: [] }, { bearer: [] }, { session: [] }],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        clientCredentials: {
          type: "oauth2",
          description:
            "System users: POST /api/oauth/token with grant_type=client_credentials (Basic or form credentials); the access token is a bearer token.",
          flows: { clientCredentials: { tokenUrl: "/api/oauth/token", scopes: {} } },
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A system user's access token, or a person's token from the tenant's identity provider.",
        },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      },
      schemas: {
        ...schemas,
        Problem: {
          type: "object",
          required: ["type", "title", "status", "code"],
          properties: {
            type: { type: "string", description: "The code's section of the reference: /docs/api/problems#<code>." },
            title: { type: "string" },
            status: { type: "integer" },
            detail: { type: "string" },
            code: { type: "string", description: "Stable, dotted, e.g. payroll.already_exists" },
            errors: {
              type: "array",
              items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
            },
          },
        },
      },
    },
  };
}

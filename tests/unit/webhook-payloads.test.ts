import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventBody, testBody } from "@/server/webhooks/payloads";
import { webhookPayloads } from "@/server/webhooks/payload-schemas";
import { WEBHOOK_EVENTS } from "@/server/webhooks/schemas";
import { openApiDocument } from "@/server/docs/openapi";

/** The payload schemas of the OpenAPI document's `webhooks` describe the bodies the service really sends. */
describe("webhook payloads", () => {
  const common = { tenantId: randomUUID(), correlationId: randomUUID(), metadata: { client: "x" } };
  const eventPayload = {
    payrollId: randomUUID(),
    caseChangeId: randomUUID(),
    employeeId: randomUUID(),
    caseName: "Salary",
    payrunPeriodId: randomUUID(),
    payoutId: randomUUID(),
    taskId: randomUUID(),
    kind: "selfServiceChange",
    status: "open",
    periodStart: "2026-01-01",
    periodEnd: "2026-01-31",
  };

  it.each(WEBHOOK_EVENTS)("%s: the sent body matches its schema exactly", (event) => {
    const body = JSON.parse(eventBody(event, eventPayload, common));
    const parsed = webhookPayloads[event].schema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("the test event matches its schema; a body with a field more does not", () => {
    const body = JSON.parse(testBody(randomUUID(), common));
    expect(webhookPayloads.Test.schema.safeParse(body).success).toBe(true);
    expect(webhookPayloads.Test.schema.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });

  it("the OpenAPI document has every event under webhooks, with both signatures' headers", () => {
    const document = openApiDocument() as unknown as {
      webhooks: Record<string, { post: { parameters: { name: string }[] } }>;
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, "Test"].sort());
    for (const hook of Object.values(document.webhooks)) {
      expect(hook.post.parameters.map((p) => p.name)).toEqual([
        "X-Service-Signature",
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
    }
  });
});

import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inTenantOf } from "@/server/db/tenant-scope";
import { recordEvent } from "@/server/events/record-event";
import type { Schemas, paths } from "@/client";
import { api } from "../fixtures/api";
import { clientWithToken } from "../fixtures/client";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { companyFixture, payableEmployee, postCase } from "../fixtures/payouts";
import { drainUntil, startReceiver } from "../fixtures/webhook-receiver";

// Read once per test file (server/env.ts caches it): receivers on 127.0.0.1 over http, and a short
// retry schedule (three attempts, 20 ms apart) instead of the contract's 72 hours.
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
  process.env.WEBHOOK_RETRY_DELAYS_MS = "20,20";
});

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const ALL_EVENTS: Schemas["Webhook"]["events"] = [
  "CaseChangeAdded",
  "PayoutCreated",
  "PayoutCancellationRequested",
  "TaskChanged",
  "PayrunPeriodClosed",
  "PayrunPeriodFinalized",
];
const SECRET = "s3cret-for-webhooks-0123456789ab";

const hooks = (t: Tenant) => `/api/tenants/${t.orgId}/webhooks`;
type Registration = paths["/tenants/{orgId}/webhooks"]["post"]["requestBody"]["content"]["application/json"];
async function register(t: Tenant, body: Partial<Registration> & Pick<Registration, "payloadUrl">) {
  const response = await t.client.POST("/tenants/{orgId}/webhooks", {
    params: { path: { orgId: t.orgId } },
    body: { secret: SECRET, events: ALL_EVENTS, ...body },
  });
  expect(response.response.status, JSON.stringify(response.error)).toBe(201);
  return response.data!;
}
type MessagesQuery = NonNullable<paths["/tenants/{orgId}/webhooks/{webhookId}/messages"]["get"]["parameters"]["query"]>;
const messagesPage = (t: Tenant, webhookId: string, query?: MessagesQuery) =>
  t.client.GET("/tenants/{orgId}/webhooks/{webhookId}/messages", {
    params: { path: { orgId: t.orgId, webhookId }, query },
  });
const messagesOf = async (t: Tenant, webhookId: string, query?: MessagesQuery) => {
  const response = await messagesPage(t, webhookId, query);
  expect(response.response.status, JSON.stringify(response.error)).toBe(200);
  return response.data!.items;
};
const WEBHOOK = "/tenants/{orgId}/webhooks/{webhookId}";
const webhookOf = (t: Tenant, webhookId: string) => ({ path: { orgId: t.orgId, webhookId } });
const newEmployee = async (t: Tenant) =>
  (await t.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId: t.orgId } }, body: anEmployee() }))
    .data!.id;
/** A few more rounds, so that anything still due (a retry) would have arrived. */
const settle = () => drainUntil(() => false, 30);

describe("webhooks", { timeout: 120_000 }, () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ "/flaky": [500, 200], "/gone": [410], "/redirect": [302], "/down": [503] });
  });
  afterAll(() => receiver.close());

  describe("registration", () => {
    it("creates, reads, lists, updates with If-Match and deletes; the secret is write-only", async () => {
      const t = await tenantFixture({ withPayroll: false });
      const created = await t.client.POST("/tenants/{orgId}/webhooks", {
        params: { path: { orgId: t.orgId } },
        body: {
          payloadUrl: receiver.url("/crud"),
          events: ["PayoutCreated"],
          secret: SECRET,
          payloadMetadata: { client: "acme" },
        },
      });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
      expect(created.data).toMatchObject({
        payloadUrl: receiver.url("/crud"),
        events: ["PayoutCreated"],
        caseNames: null,
        payloadMetadata: { client: "acme" },
        active: true,
        secretHint: "89ab",
      });
      // The answer as it came (the JSON the client parsed, written out again) holds no secret.
      expect(JSON.stringify(created.data)).not.toContain(SECRET);
      const id = created.data!.id;
      const params = webhookOf(t, id);

      const read = await t.client.GET(WEBHOOK, { params });
      expect(read.response.status).toBe(200);
      expect(JSON.stringify(read.data)).not.toContain(SECRET);
      const etag = read.response.headers.get("etag")!;
      expect(etag).toMatch(/^".+"$/);
      expect(
        (await t.client.GET("/tenants/{orgId}/webhooks", { params: { path: { orgId: t.orgId } } })).data,
      ).toMatchObject({
        items: [expect.objectContaining({ id })],
        nextCursor: null,
      });

      const changed = await t.client.PUT(WEBHOOK, {
        params: { ...params, header: { "If-Match": etag } },
        body: { events: ["PayoutCreated", "CaseChangeAdded"], caseNames: ["Salary"] },
      });
      expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
      expect(changed.data).toMatchObject({
        events: ["PayoutCreated", "CaseChangeAdded"],
        caseNames: ["Salary"],
        secretHint: "89ab",
        payloadMetadata: { client: "acme" },
      });
      expect(changed.response.headers.get("etag")).not.toBe(etag);

      const stale = await api.put(
        `${hooks(t)}/${id}`,
        { active: false },
        { token: t.token, headers: { "if-match": etag } },
      );
      expect(stale.status).toBe(412);
      expect(stale.headers.get("content-type")).toContain("application/problem+json");
      expect(stale.body.code).toBe("request.precondition_failed");

      const newSecret = await t.client.PUT(WEBHOOK, {
        params: { ...params, header: { "If-Match": changed.response.headers.get("etag")! } },
        body: { secret: "another-secret-value-WXYZ" },
      });
      expect(newSecret.data!.secretHint).toBe("WXYZ");

      // What GET answered, sent back changed: its read-only fields are ignored; metadata null means none.
      const current = await t.client.GET(WEBHOOK, { params });
      const roundTrip = await t.client.PUT(WEBHOOK, {
        params: { ...params, header: { "If-Match": current.response.headers.get("etag")! } },
        body: { ...current.data!, active: false, payloadMetadata: null },
      });
      expect(roundTrip.response.status, JSON.stringify(roundTrip.error)).toBe(200);
      expect(roundTrip.data).toMatchObject({
        id,
        active: false,
        payloadMetadata: {},
        secretHint: "WXYZ",
        events: ["PayoutCreated", "CaseChangeAdded"],
      });
      expect(roundTrip.data!.updatedAt).not.toBe(current.data!.updatedAt);

      expect((await t.client.DELETE(WEBHOOK, { params })).response.status).toBe(204);
      expect((await api.get(`${hooks(t)}/${id}`, { token: t.token })).status).toBe(404);
    });

    it("takes any secret the client chooses; the hint is its last 4 characters (contract 9)", async () => {
      const t = await tenantFixture({ withPayroll: false });
      for (const [secret, hint] of [
        ["mysecret", "cret"],
        ["s3cr3t", "cr3t"],
        ["abcd", "abcd"],
        ["x", "x"],
        ["Grüezi-Zäme-🔑", "me-🔑"],
      ] as const) {
        const created = await t.client.POST("/tenants/{orgId}/webhooks", {
          params: { path: { orgId: t.orgId } },
          body: { payloadUrl: receiver.url("/any-secret"), events: ["PayoutCreated"], secret },
        });
        expect(created.response.status, JSON.stringify(created.error)).toBe(201);
        expect(created.data!.secretHint, secret).toBe(hint);
        if (secret.length > 4) expect(JSON.stringify(created.data)).not.toContain(`"${secret}"`);
      }
    });

    it("refuses invalid fields with problem+json naming the field", async () => {
      const t = await tenantFixture({ withPayroll: false });
      const cases: [Record<string, unknown>, string][] = [
        [{ payloadUrl: receiver.url("/x"), secret: SECRET }, "events"],
        [{ payloadUrl: receiver.url("/x"), events: [], secret: SECRET }, "events"],
        [{ payloadUrl: receiver.url("/x"), events: ["PayoutPaid"], secret: SECRET }, "events.0"],
        [{ payloadUrl: receiver.url("/x"), events: ["PayoutCreated"] }, "secret"],
        [{ payloadUrl: receiver.url("/x"), events: ["PayoutCreated"], secret: "" }, "secret"],
        [{ payloadUrl: receiver.url("/x"), events: ["PayoutCreated"], secret: "two\nlines" }, "secret"],
        [{ payloadUrl: receiver.url("/x"), events: ["PayoutCreated"], secret: SECRET, secrett: "typo" }, "secrett"],
        [
          { payloadUrl: receiver.url("/x"), events: ["PayoutCreated"], secret: SECRET, caseNames: ["Salary"] },
          "caseNames",
        ],
        [
          { payloadUrl: receiver.url("/x"), events: ["PayoutCreated"], secret: SECRET, payloadMetadata: "text" },
          "payloadMetadata",
        ],
        [{ events: ["PayoutCreated"], secret: SECRET }, "payloadUrl"],
      ];
      for (const [body, path] of cases) {
        const response = await api.post(hooks(t), body, { token: t.token });
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(response.headers.get("content-type")).toContain("application/problem+json");
        expect(
          response.body.errors.map((e: { path: string }) => e.path),
          JSON.stringify(body),
        ).toContain(path);
      }
      for (const payloadUrl of ["not a url", "ftp://127.0.0.1/x", "https://user:pw@127.0.0.1/x"]) {
        const response = await api.post(
          hooks(t),
          { payloadUrl, events: ["PayoutCreated"], secret: SECRET },
          { token: t.token },
        );
        expect(response.status, payloadUrl).toBe(422);
        expect(response.body).toMatchObject({ code: "webhook.url_not_allowed", errors: [{ path: "payloadUrl" }] });
      }
    });

    it("is for the Administrator and the tenant's system user; other roles get 403, another tenant 404", async () => {
      const t = await tenantFixture();
      const admin = await memberOf(t.orgId, "Administrator");
      const employee = await newEmployee(t);
      const byAdmin = await clientWithToken(admin.token).POST("/tenants/{orgId}/webhooks", {
        params: { path: { orgId: t.orgId } },
        body: { payloadUrl: receiver.url("/roles"), events: ["PayoutCreated"], secret: SECRET },
      });
      expect(byAdmin.response.status, JSON.stringify(byAdmin.error)).toBe(201);
      const webhookId = byAdmin.data!.id;
      const path = `${hooks(t)}/${webhookId}`;
      expect((await t.client.GET(WEBHOOK, { params: webhookOf(t, webhookId) })).response.status).toBe(200);
      for (const member of [
        await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] }),
        await memberOf(t.orgId, "SelfService", { employeeId: employee }),
      ]) {
        expect((await api.get(hooks(t), { token: member.token })).status).toBe(403);
        expect((await api.get(path, { token: member.token })).status).toBe(403);
        expect(
          (
            await api.post(
              hooks(t),
              { payloadUrl: receiver.url("/roles"), events: ["PayoutCreated"], secret: SECRET },
              { token: member.token },
            )
          ).status,
        ).toBe(403);
      }
      const other = await tenantFixture({ withPayroll: false });
      for (const token of [other.token, (await memberOf(other.orgId, "Administrator")).token]) {
        expect((await api.get(path, { token })).status).toBe(404);
        expect((await api.delete(path, { token })).status).toBe(404);
      }
      // The other tenant's own path does not reach this webhook either.
      expect((await api.get(`${hooks(other)}/${webhookId}`, { token: other.token })).status).toBe(404);
      expect((await t.client.GET(WEBHOOK, { params: webhookOf(t, webhookId) })).response.status).toBe(200);
    });
  });

  describe("delivery", () => {
    it("sends every event type as a thin payload with both signatures, verified as a receiver would", async () => {
      const t = await tenantFixture();
      await companyFixture(t);
      const metadata = { client: "acme", nested: { n: 1 } };
      const webhook = await register(t, { payloadUrl: receiver.url("/all"), payloadMetadata: metadata });
      const open = { orgId: t.orgId, payrollId: t.payroll.id, payrunPeriodId: "open" };
      const employeeId = await payableEmployee(t);
      const payout = (
        await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts", {
          params: { path: open },
          body: { employeeIds: [employeeId], amounts: { [employeeId]: "100.00" } },
        })
      ).data!.payout;
      const cancelled = await t.client.POST(
        "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payouts/{payoutId}",
        { params: { path: { ...open, payoutId: payout.id } } },
      );
      expect(cancelled.response.status).toBe(200);
      const closed = await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/close", {
        params: { path: open },
      });
      expect(closed.response.status, JSON.stringify(closed.error)).toBe(200);
      const taskId = "0190f3c4-0000-7000-8000-000000000001";
      await inTenantOf(t.orgId, async (scope) => {
        await recordEvent(scope, "TaskChanged", {
          payrollId: t.payroll.id,
          taskId,
          kind: "webhookFailing",
          status: "open",
          resolution: null,
        });
        await recordEvent(scope, "PayrunPeriodFinalized", {
          payrollId: t.payroll.id,
          payrunPeriodId: closed.data!.id,
          periodStart: "2026-01-01",
          periodEnd: "2026-01-31",
        });
      });

      const types = () => new Set(receiver.at("/all").map((r) => r.json.$type));
      await drainUntil(() => types().size === ALL_EVENTS.length);
      expect([...types()].sort()).toEqual(ALL_EVENTS.map((e) => `WebhookPayload${e}`).sort());

      const receiverLib = new StandardWebhook(Buffer.from(SECRET, "utf8").toString("base64"));
      for (const request of receiver.at("/all")) {
        expect(request.headers["content-type"]).toBe("application/json");
        const hex = createHmac("sha256", SECRET).update(request.body).digest("hex");
        expect(request.headers["x-service-signature"]).toBe(`sha256=${hex}`);
        expect(request.headers["webhook-id"]).toBe(request.json.correlationId);
        const headers = {
          "webhook-id": String(request.headers["webhook-id"]),
          "webhook-timestamp": String(request.headers["webhook-timestamp"]),
          "webhook-signature": String(request.headers["webhook-signature"]),
        };
        expect(receiverLib.verify(request.body, headers)).toEqual(request.json);
        // A tampered body fails both checks.
        expect(() =>
          receiverLib.verify(request.body.replace(t.orgId, "00000000-0000-7000-8000-000000000000"), headers),
        ).toThrow();
        expect(request.json).toMatchObject({
          tenantId: t.orgId,
          metadata,
          correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        });
        expect(Object.keys(request.json).slice(0, 5)).toEqual([
          "$type",
          "tenantId",
          "correlationId",
          "timestamp",
          "metadata",
        ]);
      }
      const one = (type: string) => receiver.at("/all").find((r) => r.json.$type === `WebhookPayload${type}`)!.json;
      const common = ["$type", "tenantId", "correlationId", "timestamp", "metadata"];
      expect(Object.keys(one("CaseChangeAdded"))).toEqual([
        ...common,
        "payrollId",
        "caseChangeId",
        "employeeId",
        "caseName",
      ]);
      expect(
        receiver
          .at("/all")
          .map((r) => r.json)
          .filter((j) => j.$type === "WebhookPayloadCaseChangeAdded" && j.caseName === "Salary"),
      ).toEqual([expect.objectContaining({ payrollId: t.payroll.id, employeeId, caseChangeId: expect.any(String) })]);
      expect(one("PayoutCreated")).toMatchObject({
        payrollId: t.payroll.id,
        payrunPeriodId: payout.payrunPeriodId,
        payoutId: payout.id,
      });
      expect(Object.keys(one("PayoutCreated"))).toEqual([...common, "payrollId", "payrunPeriodId", "payoutId"]);
      expect(one("PayoutCancellationRequested")).toMatchObject({
        payrollId: t.payroll.id,
        payrunPeriodId: payout.payrunPeriodId,
        payoutId: payout.id,
      });
      expect(Object.keys(one("PayoutCancellationRequested"))).toEqual([
        ...common,
        "payrollId",
        "payrunPeriodId",
        "payoutId",
      ]);
      expect(one("PayrunPeriodClosed")).toMatchObject({
        payrollId: t.payroll.id,
        payrunPeriodId: closed.data!.id,
        periodStart: "2026-01-01",
        periodEnd: "2026-01-31",
      });
      expect(Object.keys(one("PayrunPeriodClosed"))).toEqual([
        ...common,
        "payrollId",
        "payrunPeriodId",
        "periodStart",
        "periodEnd",
      ]);
      expect(Object.keys(one("PayrunPeriodFinalized"))).toEqual([
        ...common,
        "payrollId",
        "payrunPeriodId",
        "periodStart",
        "periodEnd",
      ]);
      expect(one("TaskChanged")).toMatchObject({ payrollId: t.payroll.id, taskId });
      expect(Object.keys(one("TaskChanged"))).toEqual([...common, "payrollId", "taskId"]);

      // Each event once, and each correlationId is its own.
      const ids = receiver.at("/all").map((r) => r.json.correlationId);
      expect(new Set(ids).size).toBe(ids.length);
      const log = await messagesOf(t, webhook.id, { limit: "500" });
      expect(log.length).toBe(ids.length);
      expect(log.every((m) => m.status === "delivered" && m.responseStatus === 200 && m.attempt === 1)).toBe(true);
      expect(log[0]).toMatchObject({
        responseBody: expect.stringContaining("from /all"),
        sentAt: expect.any(String),
        durationMs: expect.any(Number),
        error: null,
        nextAttemptAt: null,
      });
    });

    it("sends CaseChangeAdded only for the webhook's caseNames", async () => {
      const t = await tenantFixture();
      await register(t, {
        payloadUrl: receiver.url("/salary-only"),
        events: ["CaseChangeAdded"],
        caseNames: ["Salary"],
      });
      await register(t, { payloadUrl: receiver.url("/every-case"), events: ["CaseChangeAdded"] });
      const employee = await newEmployee(t);
      await postCase(t, "Employment", employee, { EntryDate: "2026-01-01" });
      await postCase(t, "Salary", employee, { SalaryType: "monthly", MonthlySalary: "5000.00" });
      await drainUntil(() => receiver.at("/every-case").length === 2 && receiver.at("/salary-only").length === 1);
      await settle();
      expect(
        receiver
          .at("/every-case")
          .map((r) => r.json.caseName)
          .sort(),
      ).toEqual(["Employment", "Salary"]);
      expect(receiver.at("/salary-only").map((r) => r.json.caseName)).toEqual(["Salary"]);
    });

    it("retries a failed delivery with the same correlationId; the log shows both attempts, newest first", async () => {
      const t = await tenantFixture({ withPayroll: false });
      const webhook = await register(t, { payloadUrl: receiver.url("/flaky"), events: ["TaskChanged"] });
      await inTenantOf(t.orgId, (scope) =>
        recordEvent(scope, "TaskChanged", {
          payrollId: "0190f3c4-0000-7000-8000-0000000000aa",
          taskId: "0190f3c4-0000-7000-8000-0000000000bb",
          kind: "webhookFailing",
          status: "open",
          resolution: null,
        }),
      );
      await drainUntil(() => receiver.at("/flaky").length === 2);
      await settle();
      const [first, second] = receiver.at("/flaky");
      expect(receiver.at("/flaky")).toHaveLength(2);
      expect(second!.body).toBe(first!.body);
      expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
      const log = await messagesOf(t, webhook.id);
      expect(log).toEqual([
        expect.objectContaining({
          attempt: 2,
          status: "delivered",
          responseStatus: 200,
          correlationId: first!.json.correlationId,
          nextAttemptAt: null,
        }),
        expect.objectContaining({
          attempt: 1,
          status: "failed",
          responseStatus: 500,
          correlationId: first!.json.correlationId,
          error: "The receiver answered 500.",
          nextAttemptAt: expect.any(String),
          responseBody: "answer 1 from /flaky",
        }),
      ]);
      expect(log[0]!.payload).toEqual(first!.json);
      expect((await messagesOf(t, webhook.id, { status: "failed" })).map((m) => m.attempt)).toEqual([1]);
      expect((await messagesOf(t, webhook.id, { status: "delivered" })).map((m) => m.attempt)).toEqual([2]);
      const paged = await messagesPage(t, webhook.id, { limit: "1" });
      expect(paged.data!.items[0]!.attempt).toBe(2);
      const next = await messagesPage(t, webhook.id, { limit: "1", cursor: paged.data!.nextCursor! });
      expect(next.data).toMatchObject({ items: [expect.objectContaining({ attempt: 1 })], nextCursor: null });
    });

    it("gives up after the last attempt of the schedule, records no further one and opens a webhookFailing task", async () => {
      const t = await tenantFixture();
      // Not subscribed to TaskChanged, so the failing task's own event does not go to this receiver too.
      const webhook = await register(t, { payloadUrl: receiver.url("/down"), events: ["PayrunPeriodFinalized"] });
      await inTenantOf(t.orgId, (scope) =>
        recordEvent(scope, "PayrunPeriodFinalized", {
          payrollId: t.payroll.id,
          payrunPeriodId: "0190f3c4-0000-7000-8000-0000000000cc",
          periodStart: "2026-01-01",
          periodEnd: "2026-01-31",
        }),
      );
      await drainUntil(() => receiver.at("/down").length >= 3);
      await settle();
      // WEBHOOK_RETRY_DELAYS_MS has two waits: three attempts in all.
      expect(receiver.at("/down")).toHaveLength(3);
      const log = await messagesOf(t, webhook.id);
      expect(log.map((m) => [m.attempt, m.status, m.responseStatus, m.nextAttemptAt === null])).toEqual([
        [3, "failed", 503, true],
        [2, "failed", 503, false],
        [1, "failed", 503, false],
      ]);
      expect((await t.client.GET(WEBHOOK, { params: webhookOf(t, webhook.id) })).data!.active).toBe(true);
      // Someone has to look at the receiver: a task on the tenant's payroll, announced by TaskChanged.
      const tasks = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/tasks", {
        params: { path: { orgId: t.orgId, payrollId: t.payroll.id }, query: { status: "open" } },
      });
      expect(tasks.response.status, JSON.stringify(tasks.error)).toBe(200);
      expect(tasks.data!.items).toEqual([
        expect.objectContaining({ kind: "webhookFailing", status: "open", title: expect.stringContaining("/down") }),
      ]);
    });

    it("deactivates the webhook on 410 and sends it nothing more", async () => {
      const t = await tenantFixture({ withPayroll: false });
      const webhook = await register(t, { payloadUrl: receiver.url("/gone"), events: ["TaskChanged"] });
      const record = () =>
        inTenantOf(t.orgId, (scope) =>
          recordEvent(scope, "TaskChanged", {
            payrollId: "0190f3c4-0000-7000-8000-0000000000aa",
            taskId: "0190f3c4-0000-7000-8000-0000000000dd",
            kind: "webhookFailing",
            status: "open",
            resolution: null,
          }),
        );
      await record();
      await drainUntil(() => receiver.at("/gone").length === 1);
      await settle();
      const read = (await t.client.GET(WEBHOOK, { params: webhookOf(t, webhook.id) })).data;
      expect(read).toMatchObject({ active: false, deactivatedReason: expect.stringContaining("410") });
      expect(await messagesOf(t, webhook.id)).toEqual([
        expect.objectContaining({ attempt: 1, status: "failed", responseStatus: 410, nextAttemptAt: null }),
      ]);
      await record();
      await settle();
      expect(receiver.at("/gone")).toHaveLength(1);
      expect((await api.post(`${hooks(t)}/${webhook.id}/test`, undefined, { token: t.token })).body.code).toBe(
        "webhook.inactive",
      );
    });

    it("does not follow redirects: a 3xx is a failed attempt", async () => {
      const t = await tenantFixture();
      const okBefore = receiver.at("/ok").length;
      // Not subscribed to TaskChanged: the webhookFailing task opened after the last attempt announces itself with one.
      const webhook = await register(t, { payloadUrl: receiver.url("/redirect"), events: ["PayrunPeriodFinalized"] });
      await inTenantOf(t.orgId, (scope) =>
        recordEvent(scope, "PayrunPeriodFinalized", {
          payrollId: t.payroll.id,
          payrunPeriodId: "0190f3c4-0000-7000-8000-0000000000ee",
          periodStart: "2026-01-01",
          periodEnd: "2026-01-31",
        }),
      );
      await drainUntil(() => receiver.at("/redirect").length >= 3);
      await settle();
      expect(receiver.at("/ok").length).toBe(okBefore);
      const log = await messagesOf(t, webhook.id);
      expect(log).toHaveLength(3);
      expect(
        log.every(
          (m) => m.status === "failed" && m.responseStatus === 302 && m.error!.startsWith("Redirect not followed"),
        ),
      ).toBe(true);
    });

    it("redelivers a message now with the same correlationId, replays events since a time, and sends a test event", async () => {
      const t = await tenantFixture({ withPayroll: false });
      const webhook = await register(t, {
        payloadUrl: receiver.url("/manual"),
        events: ["TaskChanged"],
        payloadMetadata: { m: 1 },
      });
      const before = new Date(Date.now() - 1000).toISOString();
      for (const taskId of ["0190f3c4-0000-7000-8000-000000000101", "0190f3c4-0000-7000-8000-000000000102"]) {
        await inTenantOf(t.orgId, (scope) =>
          recordEvent(scope, "TaskChanged", {
            payrollId: "0190f3c4-0000-7000-8000-0000000000aa",
            taskId,
            kind: "webhookFailing",
            status: "open",
            resolution: null,
          }),
        );
      }
      await drainUntil(() => receiver.at("/manual").length === 2);
      const [message] = await messagesOf(t, webhook.id);

      const redelivered = await t.client.POST("/tenants/{orgId}/webhooks/{webhookId}/messages/{messageId}/redeliver", {
        params: { path: { orgId: t.orgId, webhookId: webhook.id, messageId: message!.id } },
      });
      expect(redelivered.response.status, JSON.stringify(redelivered.error)).toBe(202);
      expect(redelivered.data).toMatchObject({ status: "pending", attempt: 2, correlationId: message!.correlationId });
      await drainUntil(() => receiver.at("/manual").length === 3);
      const again = receiver.at("/manual")[2]!;
      expect(again.headers["webhook-id"]).toBe(message!.correlationId);
      expect(again.json).toEqual(message!.payload);

      const replay = await t.client.POST("/tenants/{orgId}/webhooks/{webhookId}/replay", {
        params: webhookOf(t, webhook.id),
        body: { since: before },
      });
      expect(replay.response.status, JSON.stringify(replay.error)).toBe(202);
      expect(replay.data).toEqual({ count: 2 });
      await drainUntil(() => receiver.at("/manual").length === 5);
      const replayed = receiver.at("/manual").slice(3);
      expect(new Set(replayed.map((r) => r.json.correlationId))).toEqual(
        new Set(
          receiver
            .at("/manual")
            .slice(0, 2)
            .map((r) => r.json.correlationId),
        ),
      );
      expect(replayed.map((r) => r.json.taskId).sort()).toEqual([
        "0190f3c4-0000-7000-8000-000000000101",
        "0190f3c4-0000-7000-8000-000000000102",
      ]);
      expect(
        (
          await api.post(
            `${hooks(t)}/${webhook.id}/replay`,
            { since: new Date(Date.now() + 60_000).toISOString() },
            { token: t.token },
          )
        ).status,
      ).toBe(422);
      expect(
        (await api.post(`${hooks(t)}/${webhook.id}/replay`, { since: "yesterday" }, { token: t.token })).body.errors[0]
          .path,
      ).toBe("since");

      const test = await t.client.POST("/tenants/{orgId}/webhooks/{webhookId}/test", {
        params: webhookOf(t, webhook.id),
      });
      expect(test.response.status, JSON.stringify(test.error)).toBe(202);
      expect(test.data).toMatchObject({ eventType: "Test", status: "pending", attempt: 1 });
      await drainUntil(() => receiver.at("/manual").length === 6);
      const sent = receiver.at("/manual")[5]!;
      expect(sent.json).toMatchObject({
        $type: "WebhookPayloadTest",
        tenantId: t.orgId,
        correlationId: test.data!.correlationId,
        metadata: { m: 1 },
        webhookId: webhook.id,
      });
      expect(sent.headers["x-service-signature"]).toBe(
        `sha256=${createHmac("sha256", SECRET).update(sent.body).digest("hex")}`,
      );
      const log = await messagesOf(t, webhook.id);
      expect(log[0]).toMatchObject({ eventType: "Test", status: "delivered", responseStatus: 200 });

      const unknown = await api.post(
        `${hooks(t)}/${webhook.id}/messages/0190f3c4-0000-7000-8000-000000000999/redeliver`,
        undefined,
        { token: t.token },
      );
      expect(unknown.status).toBe(404);
    });
  });
});

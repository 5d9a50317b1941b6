import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events, tasks } from "@/server/db/schema";
import { inTenantOf } from "@/server/db/tenant-scope";
import { openTask } from "@/server/tasks/open-task";
import { onTaskCompleted } from "@/server/workflows/update-task";
import { openWebhookFailingTask } from "@/server/tasks/webhook-failing";
import { Conflict } from "@/server/errors";
import { api } from "../fixtures/api";
import { clientWithToken } from "../fixtures/client";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { openTaskFor } from "../fixtures/tasks";

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;

const TASKS = "/tenants/{orgId}/payrolls/{payrollId}/tasks";
const TASK = "/tenants/{orgId}/payrolls/{payrollId}/tasks/{taskId}";
const tasksOf = (
  x: Tenant,
  query?: { limit?: string; cursor?: string; status?: "open" | "done"; employeeId?: string },
) => ({
  path: { orgId: x.orgId, payrollId: x.payroll.id },
  query,
});
const taskOf = (x: Tenant, taskId: string) => ({ path: { orgId: x.orgId, payrollId: x.payroll.id, taskId } });
const newEmployee = async (x: Tenant) =>
  (await x.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId: x.orgId } }, body: anEmployee() }))
    .data!.id;

async function taskEvents(orgId: string, taskId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, orgId), eq(events.type, "TaskChanged")))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.filter((e) => e.payload.taskId === taskId).map((e) => e.payload);
}

describe("tasks (contract 9a)", () => {
  let t: Tenant;
  let base: string;
  let employeeId: string;

  beforeAll(async () => {
    t = await tenantFixture();
    base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/tasks`;
    employeeId = await newEmployee(t);
  });

  it("openTask records TaskChanged in its transaction; the task reads back through the API with an ETag", async () => {
    const task = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "New bank account",
      details: { caseName: "EmployeeBankAccount" },
    });
    expect(await taskEvents(t.orgId, task.id)).toEqual([
      { payrollId: t.payroll.id, taskId: task.id, kind: "selfServiceChange", status: "open", resolution: null },
    ]);

    const read = await t.client.GET(TASK, { params: taskOf(t, task.id) });
    expect(read.response.status, JSON.stringify(read.error)).toBe(200);
    expect(read.response.headers.get("etag")).toMatch(/^"[0-9a-f-]+\.1"$/);
    expect(read.data).toMatchObject({
      id: task.id,
      payrollId: t.payroll.id,
      employeeId,
      kind: "selfServiceChange",
      status: "open",
      resolution: null,
      title: "New bank account",
      caseChangeId: null,
      completedBy: null,
    });
    expect(read.data!.details).toEqual({ caseName: "EmployeeBankAccount" });
  });

  it("a task rolled back with its transaction leaves neither task nor event", async () => {
    const title = `rolled back ${Math.random()}`;
    await expect(
      inTenantOf(t.orgId, async (scope) => {
        await openTask(scope, { payrollId: t.payroll.id, kind: "webhookFailing", title });
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    const db = await getDb();
    expect(
      await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.tenantId, t.orgId), eq(tasks.title, title))),
    ).toEqual([]);
  });

  it("lists newest first, filters by status and employee, pages with a cursor", async () => {
    const own = await tenantFixture();
    const e1 = await newEmployee(own);
    const opened = [];
    for (let i = 0; i < 5; i++)
      opened.push(
        await openTaskFor(own.orgId, { payrollId: own.payroll.id, title: `task ${i}`, employeeId: i % 2 ? e1 : null }),
      );
    await own.client.PUT(TASK, { params: taskOf(own, opened[0]!.id), body: { status: "done" } });
    const list = async (query?: Parameters<typeof tasksOf>[1]) =>
      (await own.client.GET(TASKS, { params: tasksOf(own, query) })).data!;

    const all = await own.client.GET(TASKS, { params: tasksOf(own) });
    expect(all.response.status, JSON.stringify(all.error)).toBe(200);
    expect(all.data!.items.map((x) => x.title)).toEqual(["task 4", "task 3", "task 2", "task 1", "task 0"]);
    expect(all.data!.nextCursor).toBeNull();

    const open = await list({ status: "open" });
    expect(open.items.map((x) => x.title)).toEqual(["task 4", "task 3", "task 2", "task 1"]);
    const done = await list({ status: "done" });
    expect(done.items.map((x) => x.title)).toEqual(["task 0"]);
    const ofEmployee = await list({ employeeId: e1 });
    expect(ofEmployee.items.map((x) => x.title)).toEqual(["task 3", "task 1"]);

    const first = await list({ limit: "2" });
    expect(first.items.map((x) => x.title)).toEqual(["task 4", "task 3"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list({ limit: "2", cursor: first.nextCursor! });
    expect(second.items.map((x) => x.title)).toEqual(["task 2", "task 1"]);
    const third = await list({ limit: "2", cursor: second.nextCursor! });
    expect(third.items.map((x) => x.title)).toEqual(["task 0"]);
    expect(third.nextCursor).toBeNull();
  });

  it("refuses bad filters with 422 naming the parameter", async () => {
    const status = await api.get(`${base}?status=pending`, { token: t.token });
    expect(status.status).toBe(422);
    expect(status.body.errors.map((e: { path: string }) => e.path)).toContain("status");
    const employee = await api.get(`${base}?employeeId=nobody`, { token: t.token });
    expect(employee.status).toBe(422);
    expect(employee.body.errors.map((e: { path: string }) => e.path)).toContain("employeeId");
  });

  it("completing a task: done, who did it, TaskChanged again; a second completion is 409 task.done", async () => {
    const task = await openTaskFor(t.orgId, { payrollId: t.payroll.id, title: "Webhook failing" });
    const admin = await memberOf(t.orgId, "Administrator");
    const done = await clientWithToken(admin.token).PUT(TASK, {
      params: taskOf(t, task.id),
      body: { status: "done" },
    });
    expect(done.response.status, JSON.stringify(done.error)).toBe(200);
    expect(done.response.headers.get("etag")).toBe(`"${task.id}.2"`);
    expect(done.data).toMatchObject({
      status: "done",
      resolution: null,
      completedBy: { kind: "person", name: expect.any(String) },
    });
    expect(Date.parse(done.data!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(task.updatedAt));
    expect(await taskEvents(t.orgId, task.id)).toEqual([
      { payrollId: t.payroll.id, taskId: task.id, kind: "webhookFailing", status: "open", resolution: null },
      { payrollId: t.payroll.id, taskId: task.id, kind: "webhookFailing", status: "done", resolution: null },
    ]);

    const again = await api.put(`${base}/${task.id}`, { status: "done" }, { token: t.token });
    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
    expect(again.body.code).toBe("task.done");
    expect(await taskEvents(t.orgId, task.id)).toHaveLength(2);
  });

  it("a selfServiceChange task is approved or rejected (with the reason kept in details); other kinds take no resolution", async () => {
    const change = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "New bank account",
      details: { before: "CH93 0076 2011 6238 5295 7", after: "CH56 0483 5012 3456 7800 9" },
    });
    const missing = await api.put(`${base}/${change.id}`, { status: "done" }, { token: t.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: "resolution" })]);

    const rejected = await t.client.PUT(TASK, {
      params: taskOf(t, change.id),
      body: { status: "done", resolution: "rejected", reason: "This account is not in your name." },
    });
    expect(rejected.response.status, JSON.stringify(rejected.error)).toBe(200);
    expect(rejected.data).toMatchObject({ status: "done", resolution: "rejected", completedBy: { kind: "system" } });
    expect(rejected.data!.details).toEqual({
      before: "CH93 0076 2011 6238 5295 7",
      after: "CH56 0483 5012 3456 7800 9",
      resolutionReason: "This account is not in your name.",
    });
    expect((await taskEvents(t.orgId, change.id)).at(-1)).toEqual({
      payrollId: t.payroll.id,
      taskId: change.id,
      kind: "selfServiceChange",
      status: "done",
      resolution: "rejected",
    });

    const approvable = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "Family allowance",
    });
    const approved = await t.client.PUT(TASK, {
      params: taskOf(t, approvable.id),
      body: { status: "done", resolution: "approved" },
    });
    expect(approved.response.status, JSON.stringify(approved.error)).toBe(200);
    expect(approved.data!.resolution).toBe("approved");

    const failing = await openTaskFor(t.orgId, { payrollId: t.payroll.id, title: "Webhook failing" });
    const withResolution = await api.put(
      `${base}/${failing.id}`,
      { status: "done", resolution: "approved" },
      { token: t.token },
    );
    expect(withResolution.status).toBe(422);
    expect(withResolution.body.errors).toEqual([expect.objectContaining({ path: "resolution" })]);
  });

  it("refuses an invalid status or resolution with 422 naming the field, and changes nothing", async () => {
    const task = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "Absence",
    });
    for (const [body, field] of [
      [{ status: "open" }, "status"],
      [{}, "status"],
      [{ status: "closed" }, "status"],
      [{ status: "done", resolution: "maybe" }, "resolution"],
      [{ status: "done", resolution: "approved", reason: "bad\u0000reason" }, "reason"],
      [{ status: "done", resolution: "approved", extra: true }, ""],
    ] as const) {
      const response = await api.put(`${base}/${task.id}`, body, { token: t.token });
      expect(response.status, JSON.stringify(body)).toBe(422);
      if (field)
        expect(
          response.body.errors.map((e: { path: string }) => e.path),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect((await t.client.GET(TASK, { params: taskOf(t, task.id) })).data!.status).toBe("open");
    expect(await taskEvents(t.orgId, task.id)).toHaveLength(1);
  });

  it("If-Match: a stale ETag is 412, the current one completes", async () => {
    const task = await openTaskFor(t.orgId, { payrollId: t.payroll.id, title: "Webhook failing" });
    const read = await t.client.GET(TASK, { params: taskOf(t, task.id) });
    const stale = await api.put(
      `${base}/${task.id}`,
      { status: "done" },
      { token: t.token, headers: { "if-match": `"${task.id}.7"` } },
    );
    expect(stale.status).toBe(412);
    const fresh = await t.client.PUT(TASK, {
      params: { ...taskOf(t, task.id), header: { "If-Match": read.response.headers.get("etag")! } },
      body: { status: "done" },
    });
    expect(fresh.response.status, JSON.stringify(fresh.error)).toBe(200);
  });

  it("Manager of the payroll reads and completes; a Manager of no payroll gets 404; Self Service 403", async () => {
    const task = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "Partner",
    });
    const manager = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    const unassigned = await memberOf(t.orgId, "Manager", { payrollIds: [] });
    const selfService = await memberOf(t.orgId, "SelfService", { employeeId });

    expect((await api.get(base, { token: unassigned.token })).status).toBe(404);
    expect((await api.get(`${base}/${task.id}`, { token: unassigned.token })).status).toBe(404);
    expect(
      (await api.put(`${base}/${task.id}`, { status: "done", resolution: "approved" }, { token: unassigned.token }))
        .status,
    ).toBe(404);

    // Self Service: not their business, even a task about their own record.
    expect((await api.get(base, { token: selfService.token })).status).toBe(403);
    expect((await api.get(`${base}/${task.id}`, { token: selfService.token })).status).toBe(403);
    expect(
      (await api.put(`${base}/${task.id}`, { status: "done", resolution: "approved" }, { token: selfService.token }))
        .status,
    ).toBe(403);

    const asManager = clientWithToken(manager.token);
    expect((await asManager.GET(TASKS, { params: tasksOf(t) })).data!.items.map((x) => x.id)).toContain(task.id);
    const done = await asManager.PUT(TASK, {
      params: taskOf(t, task.id),
      body: { status: "done", resolution: "approved" },
    });
    expect(done.response.status, JSON.stringify(done.error)).toBe(200);
    expect(done.data!.completedBy).toMatchObject({ kind: "person" });
  });

  it("a Manager of another tenant's payroll, or its system user, gets 404; an unknown or malformed task id is 404", async () => {
    const task = await openTaskFor(t.orgId, { payrollId: t.payroll.id, title: "Webhook failing" });
    const other = await tenantFixture();
    const otherManager = await memberOf(other.orgId, "Manager", { payrollIds: [other.payroll.id] });
    for (const token of [other.token, otherManager.token]) {
      expect((await api.get(base, { token })).status).toBe(404);
      expect((await api.get(`${base}/${task.id}`, { token })).status).toBe(404);
      expect((await api.put(`${base}/${task.id}`, { status: "done" }, { token })).status).toBe(404);
      // The other tenant's own path does not reach this tenant's task either.
      const own = `/api/tenants/${other.orgId}/payrolls/${other.payroll.id}/tasks/${task.id}`;
      expect((await api.get(own, { token })).status).toBe(404);
      expect((await api.put(own, { status: "done" }, { token })).status).toBe(404);
    }
    expect((await t.client.GET(TASK, { params: taskOf(t, task.id) })).data!.status).toBe("open");
    expect((await api.get(`${base}/0190a0b0-0000-7000-8000-000000000000`, { token: t.token })).body.code).toBe(
      "task.not_found",
    );
    expect((await api.get(`${base}/not-a-task`, { token: t.token })).status).toBe(404);
  });

  it("openWebhookFailingTask opens one task per payroll of the tenant, and no second one while it is open", async () => {
    const own = await tenantFixture();
    const webhookId = "0190a0b0-0000-7000-8000-00000000abcd";
    const opened = await inTenantOf(own.orgId, (scope) =>
      openWebhookFailingTask(scope, { webhookId, payloadUrl: "https://hooks.example.test/payroll" }),
    );
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      payrollId: own.payroll.id,
      kind: "webhookFailing",
      status: "open",
      employeeId: null,
      details: { webhookId, payloadUrl: "https://hooks.example.test/payroll" },
    });
    expect(opened[0]!.title).toContain("https://hooks.example.test/payroll");

    const twice = await inTenantOf(own.orgId, (scope) =>
      openWebhookFailingTask(scope, { webhookId, payloadUrl: "https://hooks.example.test/payroll" }),
    );
    expect(twice).toEqual([]);
    expect((await own.client.GET(TASKS, { params: tasksOf(own) })).data!.items).toHaveLength(1);
    expect(await taskEvents(own.orgId, opened[0]!.id)).toHaveLength(1);

    // Once done, the next failure opens a new one.
    await own.client.PUT(TASK, { params: taskOf(own, opened[0]!.id), body: { status: "done" } });
    const again = await inTenantOf(own.orgId, (scope) =>
      openWebhookFailingTask(scope, { webhookId, payloadUrl: "https://hooks.example.test/payroll" }),
    );
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(opened[0]!.id);

    // A tenant without a payroll has no task list: nothing is opened.
    const bare = await tenantFixture({ withPayroll: false });
    expect(
      await inTenantOf(bare.orgId, (scope) =>
        openWebhookFailingTask(scope, { webhookId, payloadUrl: "https://hooks.example.test/x" }),
      ),
    ).toEqual([]);
  });

  it("two concurrent failures of one webhook open one task", async () => {
    const own = await tenantFixture();
    const webhookId = "0190a0b0-0000-7000-8000-00000000beef";
    const results = await Promise.all(
      [1, 2].map(() =>
        inTenantOf(own.orgId, (scope) =>
          openWebhookFailingTask(scope, { webhookId, payloadUrl: "https://hooks.example.test/a" }),
        ),
      ),
    );
    expect(results.flat()).toHaveLength(1);
    const db = await getDb();
    expect(await db.select().from(tasks).where(eq(tasks.tenantId, own.orgId))).toHaveLength(1);
  });

  it("what deciding a kind does runs in the completion's transaction: its refusal leaves the task open and records nothing", async () => {
    const seen: string[] = [];
    onTaskCompleted("selfServiceChange", async (_scope, _ctx, task, resolution) => {
      seen.push(`${task.id}:${resolution}`);
      if (task.details.refuse) throw new Conflict("case.change_not_pending", "A newer change replaced this one.");
    });
    const refused = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "Superseded",
      details: { refuse: true },
    });
    const response = await api.put(
      `${base}/${refused.id}`,
      { status: "done", resolution: "approved" },
      { token: t.token },
    );
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("case.change_not_pending");
    expect((await t.client.GET(TASK, { params: taskOf(t, refused.id) })).data).toMatchObject({
      status: "open",
      resolution: null,
    });
    expect(await taskEvents(t.orgId, refused.id)).toHaveLength(1);

    const accepted = await openTaskFor(t.orgId, {
      payrollId: t.payroll.id,
      kind: "selfServiceChange",
      employeeId,
      title: "Fine",
    });
    expect(
      (
        await t.client.PUT(TASK, {
          params: taskOf(t, accepted.id),
          body: { status: "done", resolution: "rejected" },
        })
      ).response.status,
    ).toBe(200);
    expect(seen).toEqual([`${refused.id}:approved`, `${accepted.id}:rejected`]);
  });

  it("openTask refuses a payroll or employee of another tenant", async () => {
    const other = await tenantFixture();
    await expect(
      inTenantOf(t.orgId, (scope) =>
        openTask(scope, { payrollId: other.payroll.id, kind: "webhookFailing", title: "x" }),
      ),
    ).rejects.toThrow(/payroll/);
    const foreignEmployee = await newEmployee(other);
    await expect(
      inTenantOf(t.orgId, (scope) =>
        openTask(scope, {
          payrollId: t.payroll.id,
          employeeId: foreignEmployee,
          kind: "selfServiceChange",
          title: "x",
        }),
      ),
    ).rejects.toThrow(/employee/);
  });
});

import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { aPayroll, tenantFixture } from "../fixtures/factories";

const payrollsOf = (orgId: string) => `/api/tenants/${orgId}/payrolls`;

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
const periodsOf = async (t: Tenant, payrollId = t.payroll.id) =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods", {
      params: { path: { orgId: t.orgId, payrollId } },
    })
  ).data!.items;
const payrollsList = async (t: Tenant) =>
  (await t.client.GET("/tenants/{orgId}/payrolls", { params: { path: { orgId: t.orgId } } })).data!.items;
const PAYROLL = "/tenants/{orgId}/payrolls/{payrollId}";

describe("payroll", () => {
  it("creates the payroll with its division and first open period", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const input = aPayroll({ accountingStartDate: "2026-03-01", documentLanguage: "fr" });
    const response = await t.client.POST("/tenants/{orgId}/payrolls/simple", {
      params: { path: { orgId: t.orgId } },
      body: input,
    });
    expect(response.response.status).toBe(201);
    expect(response.data).toEqual({
      id: expect.any(String),
      name: input.name,
      divisionId: expect.any(String),
      accountingStartDate: "2026-03-01",
      transmissionStartDate: null,
      documentLanguage: "fr",
      countryRegulation: "CH",
      createdAt: expect.any(String),
    });
    expect(response.response.headers.get("etag")).toBeTruthy();
    const payrollId = response.data!.id;

    const periods = await periodsOf(t, payrollId);
    expect(periods).toEqual([
      expect.objectContaining({ periodStart: "2026-03-01", periodEnd: "2026-03-31", status: "open", closedAt: null }),
    ]);
    const period = (payrunPeriodId: string) =>
      t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}", {
        params: { path: { orgId: t.orgId, payrollId, payrunPeriodId } },
      });
    const open = await period("open");
    expect(open.data).toEqual(periods[0]);
    const byId = await period(open.data!.id);
    expect(byId.data).toEqual(open.data);
    expect(
      (await api.get(`${payrollsOf(t.orgId)}/${payrollId}/payrunperiods/closed-one`, { token: t.token })).status,
    ).toBe(404);
    const list = await payrollsList(t);
    expect(list.map((p) => p.id)).toEqual([payrollId]);
    const one = await t.client.GET(PAYROLL, { params: { path: { orgId: t.orgId, payrollId } } });
    expect(one.response.status).toBe(200);
    expect(one.data).toEqual(response.data);
  });

  it("refuses a second payroll in the tenant (409 payroll.already_exists)", async () => {
    const t = await tenantFixture();
    const response = await api.post(`${payrollsOf(t.orgId)}/simple`, aPayroll(), { token: t.token });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("payroll.already_exists");
  });

  it("a concurrent second payroll is refused too, leaving one payroll and one period", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const [a, b] = await Promise.all([
      api.post(`${payrollsOf(t.orgId)}/simple`, aPayroll(), { token: t.token }),
      api.post(`${payrollsOf(t.orgId)}/simple`, aPayroll(), { token: t.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const list = await payrollsList(t);
    expect(list).toHaveLength(1);
    expect(await periodsOf(t, list[0]!.id)).toHaveLength(1);
  });

  it.each([
    [{ accountingStartDate: "2026-03-15" }, "accountingStartDate"],
    [{ accountingStartDate: "2026-02-30" }, "accountingStartDate"],
    [{ accountingStartDate: "01.03.2026" }, "accountingStartDate"],
    [{ documentLanguage: "rm" }, "documentLanguage"],
    [{ name: "" }, "name"],
    [{ countryRegulation: "DE" }, "countryRegulation"],
  ])("rejects %o with 422 naming %s, writing nothing", async (override, field) => {
    const t = await tenantFixture({ withPayroll: false });
    const response = await api.post(`${payrollsOf(t.orgId)}/simple`, aPayroll(override), { token: t.token });
    expect(response.status).toBe(422);
    expect(response.body.code).toMatch(/^(validation\.failed|regulations\.unknown)$/);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await payrollsList(t)).toEqual([]);
  });

  it("changes name and document language, with ETag and If-Match", async () => {
    const t = await tenantFixture();
    const path = `${payrollsOf(t.orgId)}/${t.payroll.id}`;
    const params = { path: { orgId: t.orgId, payrollId: t.payroll.id } };
    const read = await t.client.GET(PAYROLL, { params });
    const etag = read.response.headers.get("etag")!;
    const updated = await t.client.PUT(PAYROLL, {
      params: { ...params, header: { "If-Match": etag } },
      body: { name: "Neuer Name AG", documentLanguage: "it" },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ name: "Neuer Name AG", documentLanguage: "it" });
    expect(updated.response.headers.get("etag")).not.toBe(etag);
    const stale = await api.put(path, { name: "Stale" }, { token: t.token, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("request.precondition_failed");
    expect((await t.client.GET(PAYROLL, { params })).data!.name).toBe("Neuer Name AG");
  });

  it("refuses to change accountingStartDate through PUT (409, naming the rebase function)", async () => {
    const t = await tenantFixture();
    const path = `${payrollsOf(t.orgId)}/${t.payroll.id}`;
    const response = await api.put(path, { accountingStartDate: "2026-06-01" }, { token: t.token });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("payroll.accounting_start_fixed");
    expect(response.body.detail).toContain("rebase");
    // Sending the unchanged value back (a full round trip) is fine.
    expect(
      (
        await t.client.PUT(PAYROLL, {
          params: { path: { orgId: t.orgId, payrollId: t.payroll.id } },
          body: { accountingStartDate: t.payroll.accountingStartDate, name: "Same" },
        })
      ).response.status,
    ).toBe(200);
  });

  it("go-live is one-way: set once, never moved or removed", async () => {
    const t = await tenantFixture();
    const path = `${payrollsOf(t.orgId)}/${t.payroll.id}`;
    const notFirst = await api.put(path, { transmissionStartDate: "2026-02-15" }, { token: t.token });
    expect(notFirst.status).toBe(422);
    expect(notFirst.body.errors[0].path).toBe("transmissionStartDate");
    const goLive = () =>
      t.client.PUT(PAYROLL, {
        params: { path: { orgId: t.orgId, payrollId: t.payroll.id } },
        body: { transmissionStartDate: "2026-02-01" },
      });
    const live = await goLive();
    expect(live.response.status).toBe(200);
    expect(live.data!.transmissionStartDate).toBe("2026-02-01");
    const moved = await api.put(path, { transmissionStartDate: "2026-03-01" }, { token: t.token });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("payroll.live");
    const reverted = await api.put(path, { transmissionStartDate: null }, { token: t.token });
    expect(reverted.status).toBe(409);
    expect(reverted.body.code).toBe("payroll.live");
    // Repeating the same value changes nothing and is accepted.
    expect((await goLive()).response.status).toBe(200);
  });

  it("go-live cannot be before the open period", async () => {
    const t = await tenantFixture();
    const path = `${payrollsOf(t.orgId)}/${t.payroll.id}`;
    const response = await api.put(path, { transmissionStartDate: "2025-12-01" }, { token: t.token });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("payroll.transmission_before_open_period");
  });

  describe("rebase", () => {
    const rebase = (orgId: string, payrollId: string) => `${payrollsOf(orgId)}/${payrollId}/rebase`;

    it("moves accountingStartDate later, replacing all periods with one at the new date", async () => {
      const t = await tenantFixture();
      const response = await t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/rebase", {
        params: { path: { orgId: t.orgId, payrollId: t.payroll.id } },
        body: { accountingStartDate: "2026-05-01", confirm: true },
      });
      expect(response.response.status).toBe(200);
      expect(response.data!.accountingStartDate).toBe("2026-05-01");
      expect(await periodsOf(t)).toEqual([
        expect.objectContaining({ periodStart: "2026-05-01", periodEnd: "2026-05-31", status: "open" }),
      ]);
    });

    it("needs confirm: true", async () => {
      const t = await tenantFixture();
      const response = await api.post(
        rebase(t.orgId, t.payroll.id),
        { accountingStartDate: "2026-05-01" },
        { token: t.token },
      );
      expect(response.status).toBe(422);
      expect(response.body.errors[0].path).toBe("confirm");
    });

    it("needs the 1st of a month", async () => {
      const t = await tenantFixture();
      const response = await api.post(
        rebase(t.orgId, t.payroll.id),
        { accountingStartDate: "2026-05-02", confirm: true },
        { token: t.token },
      );
      expect(response.status).toBe(422);
      expect(response.body.errors[0].path).toBe("accountingStartDate");
    });

    it.each(["2026-01-01", "2025-06-01"])("never moves to %s (not after the current date): 409", async (date) => {
      const t = await tenantFixture();
      const response = await api.post(
        rebase(t.orgId, t.payroll.id),
        { accountingStartDate: date, confirm: true },
        { token: t.token },
      );
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("payroll.rebase_not_later");
    });

    it("is refused once the payroll is live", async () => {
      const t = await tenantFixture();
      await t.client.PUT(PAYROLL, {
        params: { path: { orgId: t.orgId, payrollId: t.payroll.id } },
        body: { transmissionStartDate: "2026-01-01" },
      });
      const response = await api.post(
        rebase(t.orgId, t.payroll.id),
        { accountingStartDate: "2026-05-01", confirm: true },
        { token: t.token },
      );
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("payroll.live");
      expect((await periodsOf(t))[0]!.periodStart).toBe("2026-01-01");
    });
  });

  it("an unknown or malformed payroll id is a 404", async () => {
    const t = await tenantFixture();
    expect(
      (await api.get(`${payrollsOf(t.orgId)}/00000000-0000-7000-8000-000000000000`, { token: t.token })).status,
    ).toBe(404);
    expect((await api.get(`${payrollsOf(t.orgId)}/not-a-uuid`, { token: t.token })).status).toBe(404);
  });
});

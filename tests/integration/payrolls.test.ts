import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { aPayroll, tenantFixture } from "../fixtures/factories";

const payrollsOf = (orgId: string) => `/api/tenants/${orgId}/payrolls`;

describe("payroll", () => {
  it("creates the payroll with its division and first open period", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const input = aPayroll({ accountingStartDate: "2026-03-01", documentLanguage: "fr" });
    const response = await api.post(`${payrollsOf(t.orgId)}/simple`, input, { token: t.token });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: input.name,
      divisionId: expect.any(String),
      accountingStartDate: "2026-03-01",
      transmissionStartDate: null,
      documentLanguage: "fr",
      countryRegulation: "CH",
      createdAt: expect.any(String),
    });
    expect(response.headers.get("etag")).toBeTruthy();

    const periods = await api.get(`${payrollsOf(t.orgId)}/${response.body.id}/payrunperiods`, { token: t.token });
    expect(periods.body.items).toEqual([
      expect.objectContaining({ periodStart: "2026-03-01", periodEnd: "2026-03-31", status: "open", closedAt: null }),
    ]);
    const open = await api.get(`${payrollsOf(t.orgId)}/${response.body.id}/payrunperiods/open`, { token: t.token });
    expect(open.body).toEqual(periods.body.items[0]);
    const byId = await api.get(`${payrollsOf(t.orgId)}/${response.body.id}/payrunperiods/${open.body.id}`, {
      token: t.token,
    });
    expect(byId.body).toEqual(open.body);
    expect(
      (await api.get(`${payrollsOf(t.orgId)}/${response.body.id}/payrunperiods/closed-one`, { token: t.token })).status,
    ).toBe(404);
    const list = await api.get(payrollsOf(t.orgId), { token: t.token });
    expect(list.body.items.map((p: { id: string }) => p.id)).toEqual([response.body.id]);
    const one = await api.get(`${payrollsOf(t.orgId)}/${response.body.id}`, { token: t.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(response.body);
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
    const list = await api.get(payrollsOf(t.orgId), { token: t.token });
    expect(list.body.items).toHaveLength(1);
    const periods = await api.get(`${payrollsOf(t.orgId)}/${list.body.items[0].id}/payrunperiods`, { token: t.token });
    expect(periods.body.items).toHaveLength(1);
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
    expect((await api.get(payrollsOf(t.orgId), { token: t.token })).body.items).toEqual([]);
  });

  it("changes name and document language, with ETag and If-Match", async () => {
    const t = await tenantFixture();
    const path = `${payrollsOf(t.orgId)}/${t.payroll.id}`;
    const read = await api.get(path, { token: t.token });
    const etag = read.headers.get("etag")!;
    const updated = await api.put(
      path,
      { name: "Neuer Name AG", documentLanguage: "it" },
      { token: t.token, headers: { "if-match": etag } },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Neuer Name AG", documentLanguage: "it" });
    expect(updated.headers.get("etag")).not.toBe(etag);
    const stale = await api.put(path, { name: "Stale" }, { token: t.token, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("request.precondition_failed");
    expect((await api.get(path, { token: t.token })).body.name).toBe("Neuer Name AG");
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
      (await api.put(path, { accountingStartDate: t.payroll.accountingStartDate, name: "Same" }, { token: t.token }))
        .status,
    ).toBe(200);
  });

  it("go-live is one-way: set once, never moved or removed", async () => {
    const t = await tenantFixture();
    const path = `${payrollsOf(t.orgId)}/${t.payroll.id}`;
    const notFirst = await api.put(path, { transmissionStartDate: "2026-02-15" }, { token: t.token });
    expect(notFirst.status).toBe(422);
    expect(notFirst.body.errors[0].path).toBe("transmissionStartDate");
    const live = await api.put(path, { transmissionStartDate: "2026-02-01" }, { token: t.token });
    expect(live.status).toBe(200);
    expect(live.body.transmissionStartDate).toBe("2026-02-01");
    const moved = await api.put(path, { transmissionStartDate: "2026-03-01" }, { token: t.token });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("payroll.live");
    const reverted = await api.put(path, { transmissionStartDate: null }, { token: t.token });
    expect(reverted.status).toBe(409);
    expect(reverted.body.code).toBe("payroll.live");
    // Repeating the same value changes nothing and is accepted.
    expect((await api.put(path, { transmissionStartDate: "2026-02-01" }, { token: t.token })).status).toBe(200);
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
      const response = await api.post(
        rebase(t.orgId, t.payroll.id),
        { accountingStartDate: "2026-05-01", confirm: true },
        { token: t.token },
      );
      expect(response.status).toBe(200);
      expect(response.body.accountingStartDate).toBe("2026-05-01");
      const periods = await api.get(`${payrollsOf(t.orgId)}/${t.payroll.id}/payrunperiods`, { token: t.token });
      expect(periods.body.items).toEqual([
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
      await api.put(
        `${payrollsOf(t.orgId)}/${t.payroll.id}`,
        { transmissionStartDate: "2026-01-01" },
        { token: t.token },
      );
      const response = await api.post(
        rebase(t.orgId, t.payroll.id),
        { accountingStartDate: "2026-05-01", confirm: true },
        { token: t.token },
      );
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("payroll.live");
      const periods = await api.get(`${payrollsOf(t.orgId)}/${t.payroll.id}/payrunperiods`, { token: t.token });
      expect(periods.body.items[0].periodStart).toBe("2026-01-01");
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

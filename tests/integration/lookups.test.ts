import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { regulationIdOf } from "@/server/regulations/store";
import { api } from "../fixtures/api";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;

const KMU = "ChartOfAccountsKmu";
const COMPACT = "ChartOfAccountsCompact";

const setsOf = (t: Tenant, regulation: string) => `/api/tenants/${t.orgId}/regulations/${regulation}/lookups/sets`;
const valuesOf = (t: Tenant, regulation: string, lookup: string) =>
  `/api/tenants/${t.orgId}/regulations/${regulation}/lookups/${lookup}/values`;
const payrollValues = (t: Tenant, query = "") =>
  `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/lookups/values${query}`;
const wageTypesOf = (t: Tenant) => `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/wagetypes`;
const mappingOf = (t: Tenant, number: string) => `${wageTypesOf(t)}/${number}/accounts`;

const VALUES = "/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values";
const VALUE = "/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}";
const MAPPING = "/tenants/{orgId}/payrolls/{payrollId}/wagetypes/{wageTypeNumber}/accounts";
const ofPayroll = (t: Tenant) => ({ orgId: t.orgId, payrollId: t.payroll.id });
const lookupOf = (t: Tenant, regulationId: string, lookupId: string) => ({ orgId: t.orgId, regulationId, lookupId });
const valueOf = (t: Tenant, regulationId: string, lookupId: string, lookupValueId: string) => ({
  ...lookupOf(t, regulationId, lookupId),
  lookupValueId,
});
const wageTypeOf = (t: Tenant, wageTypeNumber: string) => ({ ...ofPayroll(t), wageTypeNumber });

async function valuesList(t: Tenant, lookupName?: "Accounts" | "CostCenters") {
  const response = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/lookups/values", {
    params: { path: ofPayroll(t), query: { limit: "500", lookupName } },
  });
  expect(response.response.status).toBe(200);
  return response.data!.items;
}
const account = async (t: Tenant, key: string) => (await valuesList(t, "Accounts")).find((v) => v.key === key);
const wageType = async (t: Tenant, number: string) =>
  (
    await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/wagetypes", { params: { path: ofPayroll(t) } })
  ).data!.items.find((w) => w.number === number)!;

describe("lookups", () => {
  it("lists a regulation's lookup sets, by id or exact name, from the version in force at the open period", async () => {
    const t = await tenantFixture();
    const sets = (regulationId: string) =>
      t.client.GET("/tenants/{orgId}/regulations/{regulationId}/lookups/sets", {
        params: { path: { orgId: t.orgId, regulationId } },
      });
    const byId = await sets(regulationIdOf("CH"));
    expect(byId.response.status).toBe(200);
    expect(byId.data).toMatchObject({
      regulationId: regulationIdOf("CH"),
      regulationName: "CH",
      validFrom: "2026-01-01",
    });
    const names = byId.data!.items.map((s) => s.id);
    expect(names).toEqual(expect.arrayContaining(["CostCenters", "FamilyAllowanceAmounts", "BvgAgeCredits"]));
    const costCenters = byId.data!.items.find((s) => s.id === "CostCenters");
    expect(costCenters).toEqual({
      id: "CostCenters",
      name: "CostCenters",
      displayName: expect.objectContaining({ en: "Cost centers" }),
      values: [],
    });
    // 2026 version: AG family allowances 225/278
    const family = byId.data!.items.find((s) => s.id === "FamilyAllowanceAmounts")!;
    expect(family.values).toContainEqual({ key: "AG", value: "225.00/278.00", displayName: null });

    const chart = await sets(KMU);
    expect(chart.response.status).toBe(200);
    const accounts = chart.data!.items.find((s) => s.id === "Accounts")!;
    expect(accounts.values).toContainEqual({
      key: "5000",
      value: "Löhne und Gehälter",
      displayName: expect.objectContaining({ en: "Wages and salaries" }),
    });

    const unknown = await api.get(setsOf(t, "NoSuchRegulation"), { token: t.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("regulation.not_found");
  });

  it("the chart of accounts starts from the accountingData regulation and is per payroll", async () => {
    const a = await tenantFixture();
    const b = await tenantFixture();
    const regulations = (
      await a.client.GET("/tenants/{orgId}/payrolls/{payrollId}/regulations", { params: { path: ofPayroll(a) } })
    ).data!;
    expect(regulations.accountingData).toBe(KMU);
    const shipped = (
      await a.client.GET("/tenants/{orgId}/regulations/{regulationId}/lookups/sets", {
        params: { path: { orgId: a.orgId, regulationId: KMU } },
      })
    ).data!.items.find((s) => s.id === "Accounts")!.values;

    const chartA = await valuesList(a, "Accounts");
    expect(chartA.map((v) => v.key).sort()).toEqual(shipped.map((v) => v.key).sort());
    expect(chartA[0]).toMatchObject({
      regulationId: regulationIdOf(KMU),
      regulationName: KMU,
      lookupId: "Accounts",
      clientAdded: false,
      usedBy: expect.any(Array),
    });
    expect(chartA.find((v) => v.key === "5000")!.usedBy).toContain("1000");

    // Another payroll has its own copy: same numbers, other ids; a change in one leaves the other alone.
    const chartB = await valuesList(b, "Accounts");
    expect(chartB.map((v) => v.key).sort()).toEqual(chartA.map((v) => v.key).sort());
    expect(chartB.map((v) => v.id)).not.toEqual(expect.arrayContaining([chartA[0]!.id]));
    const renamed = await a.client.PUT(VALUE, {
      params: { path: valueOf(a, KMU, "Accounts", chartA[0]!.id) },
      body: { value: "Renamed in A" },
    });
    expect(renamed.response.status).toBe(200);
    expect((await valuesList(b, "Accounts")).find((v) => v.key === chartA[0]!.key)!.value).not.toBe("Renamed in A");

    // Another tenant's value id through one's own tenant: not found.
    const foreign = await api.put(
      `${valuesOf(b, KMU, "Accounts")}/${chartA[0]!.id}`,
      { value: "x" },
      { token: b.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("lookup_value.not_found");

    // Replacing the chart: the payroll's chart is now the new regulation's.
    const put = await a.client.PUT("/tenants/{orgId}/payrolls/{payrollId}/regulations", {
      params: { path: ofPayroll(a) },
      body: { ...regulations, accountingData: COMPACT },
    });
    expect(put.response.status).toBe(200);
    const compact = await valuesList(a, "Accounts");
    expect(compact.length).toBeGreaterThan(0);
    expect(new Set(compact.map((v) => v.regulationName))).toEqual(new Set([COMPACT]));
    // The earlier chart is no longer the client's to maintain.
    const old = await api.post(valuesOf(a, KMU, "Accounts"), { key: "5009", value: "Old chart" }, { token: a.token });
    expect(old.status).toBe(409);
    expect(old.body.code).toBe("lookup.not_maintainable");
  });

  it("adds an account; a duplicate number is 409 and a non-numeric one 422", async () => {
    const t = await tenantFixture();
    const added = await t.client.POST(VALUES, {
      params: { path: lookupOf(t, KMU, "Accounts") },
      body: { key: "5009", value: "Übriger Personalaufwand", displayName: { en: "Other staff costs" } },
    });
    expect(added.response.status).toBe(201);
    expect(added.response.headers.get("etag")).toBeTruthy();
    expect(added.data).toEqual({
      id: expect.any(String),
      regulationId: regulationIdOf(KMU),
      regulationName: KMU,
      lookupId: "Accounts",
      key: "5009",
      value: "Übriger Personalaufwand",
      displayName: { en: "Other staff costs" },
      clientAdded: true,
      usedBy: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await account(t, "5009")).toMatchObject({ id: added.data!.id, clientAdded: true });

    const duplicate = await api.post(valuesOf(t, KMU, "Accounts"), { key: "5009", value: "Again" }, { token: t.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe("lookup.duplicate_key");
    const shippedDuplicate = await api.post(
      valuesOf(t, regulationIdOf(KMU), "Accounts"),
      { key: "5000", value: "Again" },
      { token: t.token },
    );
    expect(shippedDuplicate.status).toBe(409);

    const letters = await api.post(valuesOf(t, KMU, "Accounts"), { key: "50A9", value: "Letters" }, { token: t.token });
    expect(letters.status).toBe(422);
    expect(letters.body.errors).toEqual([{ path: "key", message: expect.any(String) }]);
    const empty = await api.post(valuesOf(t, KMU, "Accounts"), { key: "5010", value: "" }, { token: t.token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { path: string }) => e.path)).toEqual(["value"]);
    const badPayroll = await api.post(
      valuesOf(t, KMU, "Accounts"),
      { key: "5010", value: "X", payrollId: "not-an-id" },
      { token: t.token },
    );
    expect(badPayroll.status).toBe(422);
    expect(badPayroll.body.errors.map((e: { path: string }) => e.path)).toEqual(["payrollId"]);

    // Only the payroll's own lookups: not another chart, not a regulation parameter, not an unknown lookup.
    const otherChart = await api.post(
      valuesOf(t, COMPACT, "Accounts"),
      { key: "5010", value: "X" },
      { token: t.token },
    );
    expect(otherChart.status).toBe(409);
    expect(otherChart.body.code).toBe("lookup.not_maintainable");
    const parameter = await api.post(
      valuesOf(t, "CH", "BvgAgeCredits"),
      { key: "65", value: "20" },
      { token: t.token },
    );
    expect(parameter.status).toBe(409);
    const unknown = await api.post(valuesOf(t, "CH", "Nothing"), { key: "1", value: "X" }, { token: t.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("lookup.not_found");
  });

  it("renumbers an account: the wage type mapping still points to it", async () => {
    const t = await tenantFixture();
    const wages = (await account(t, "5000"))!;
    expect((await wageType(t, "1000")).debitAccount).toEqual({ id: wages.id, key: "5000", value: wages.value });

    const renumbered = await t.client.PUT(VALUE, {
      params: { path: valueOf(t, KMU, "Accounts", wages.id) },
      body: { key: "5099" },
    });
    expect(renumbered.response.status).toBe(200);
    expect(renumbered.data).toMatchObject({ id: wages.id, key: "5099", value: wages.value, clientAdded: false });
    expect(renumbered.data!.usedBy).toContain("1000");
    expect((await wageType(t, "1000")).debitAccount).toEqual({ id: wages.id, key: "5099", value: wages.value });
    expect(await account(t, "5000")).toBeUndefined();

    // Optimistic concurrency and the same rules as when adding.
    const stale = await api.put(
      `${valuesOf(t, KMU, "Accounts")}/${wages.id}`,
      { key: "5098" },
      { token: t.token, headers: { "if-match": `"${wages.id}.1"` } },
    );
    expect(stale.status).toBe(412);
    const current = await t.client.PUT(VALUE, {
      params: {
        path: valueOf(t, KMU, "Accounts", wages.id),
        header: { "If-Match": renumbered.response.headers.get("etag")! },
      },
      body: { value: "Löhne" },
    });
    expect(current.response.status).toBe(200);
    const taken = await api.put(`${valuesOf(t, KMU, "Accounts")}/${wages.id}`, { key: "5001" }, { token: t.token });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("lookup.duplicate_key");
    const letters = await api.put(`${valuesOf(t, KMU, "Accounts")}/${wages.id}`, { key: "X1" }, { token: t.token });
    expect(letters.status).toBe(422);
    expect(letters.body.errors[0].path).toBe("key");
    const wrongLookup = await api.put(
      `${valuesOf(t, "CH", "CostCenters")}/${wages.id}`,
      { value: "x" },
      { token: t.token },
    );
    expect(wrongLookup.status).toBe(404);
    const notAnId = await api.put(`${valuesOf(t, KMU, "Accounts")}/not-an-id`, { value: "x" }, { token: t.token });
    expect(notAnId.status).toBe(404);
  });

  it("deletes only client-added accounts that no wage type maps to", async () => {
    const t = await tenantFixture();
    const unused = (
      await t.client.POST(VALUES, {
        params: { path: lookupOf(t, KMU, "Accounts") },
        body: { key: "5009", value: "Unused" },
      })
    ).data!;
    const deleted = await t.client.DELETE(VALUE, { params: { path: valueOf(t, KMU, "Accounts", unused.id) } });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toMatchObject({ deleted: { id: unused.id, key: "5009" }, warning: null, employees: [] });
    expect(await account(t, "5009")).toBeUndefined();

    const shipped = (await account(t, "5700"))!;
    const regulationAccount = await api.delete(`${valuesOf(t, KMU, "Accounts")}/${shipped.id}`, { token: t.token });
    expect(regulationAccount.status).toBe(409);
    expect(regulationAccount.body.code).toBe("lookup.account_not_client_added");

    const bonus = (
      await t.client.POST(VALUES, {
        params: { path: lookupOf(t, KMU, "Accounts") },
        body: { key: "5008", value: "Bonus Kader" },
      })
    ).data!;
    const before = await wageType(t, "1300");
    const mapped = await t.client.PUT(MAPPING, {
      params: { path: wageTypeOf(t, "1300") },
      body: { debitAccountId: bonus.id, creditAccountId: before.creditAccount!.id },
    });
    expect(mapped.response.status).toBe(200);
    expect(mapped.data).toMatchObject({
      number: "1300",
      debitAccount: { id: bonus.id, key: "5008" },
      creditAccount: { id: before.creditAccount!.id },
    });
    expect((await account(t, "5008"))!.usedBy).toEqual(["1300"]);

    const inUse = await api.delete(`${valuesOf(t, KMU, "Accounts")}/${bonus.id}`, { token: t.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: "lookup.account_in_use", wageTypes: ["1300"] });
    expect(inUse.body.detail).toContain("1300");

    await t.client.PUT(MAPPING, {
      params: { path: wageTypeOf(t, "1300") },
      body: { debitAccountId: before.debitAccount!.id, creditAccountId: before.creditAccount!.id },
    });
    expect(
      (await t.client.DELETE(VALUE, { params: { path: valueOf(t, KMU, "Accounts", bonus.id) } })).response.status,
    ).toBe(200);
  });

  it("lists the wage type master with its accounts and maps a wage type only to accounts of the payroll's chart", async () => {
    const t = await tenantFixture();
    const other = await tenantFixture();
    const list = await t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/wagetypes", {
      params: { path: ofPayroll(t) },
    });
    expect(list.response.status).toBe(200);
    const monthly = list.data!.items.find((w) => w.number === "1000")!;
    expect(monthly).toEqual({
      number: "1000",
      name: expect.objectContaining({ en: "Monthly salary" }),
      kind: "earning",
      debitAccount: { id: expect.any(String), key: "5000", value: expect.any(String) },
      creditAccount: { id: expect.any(String), key: expect.any(String), value: expect.any(String) },
    });
    const numbers = list.data!.items.map((w) => w.number);
    expect(numbers).toEqual([...numbers].sort((x, y) => Number(x) - Number(y)));

    const foreignAccount = (await account(other, "5000"))!;
    const ownAccount = (await account(t, "5001"))!;
    const unknown = await api.put(
      mappingOf(t, "1000"),
      { debitAccountId: randomUUID(), creditAccountId: foreignAccount.id },
      { token: t.token },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe("lookup.account_unknown");
    expect(unknown.body.errors.map((e: { path: string }) => e.path)).toEqual(["debitAccountId", "creditAccountId"]);
    const malformed = await api.put(
      mappingOf(t, "1000"),
      { debitAccountId: "5000", creditAccountId: ownAccount.id },
      { token: t.token },
    );
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.map((e: { path: string }) => e.path)).toEqual(["debitAccountId"]);
    const noWageType = await api.put(
      mappingOf(t, "9999"),
      { debitAccountId: ownAccount.id, creditAccountId: ownAccount.id },
      { token: t.token },
    );
    expect(noWageType.status).toBe(404);
    expect(noWageType.body.code).toBe("wage_type.not_found");

    const ok = await t.client.PUT(MAPPING, {
      params: { path: wageTypeOf(t, "1000") },
      body: { debitAccountId: ownAccount.id, creditAccountId: monthly.creditAccount!.id },
    });
    expect(ok.response.status).toBe(200);
    expect((await wageType(t, "1000")).debitAccount).toMatchObject({ id: ownAccount.id, key: "5001" });
  });

  it("a wage type's accounts answer an ETag; a PUT with an If-Match it no longer matches is refused (412) and changes nothing", async () => {
    const t = await tenantFixture();
    const monthly = await wageType(t, "1000");
    const other = (await account(t, "5001"))!;
    const current = { debitAccountId: monthly.debitAccount!.id, creditAccountId: monthly.creditAccount!.id };
    const path = wageTypeOf(t, "1000");

    const first = await t.client.PUT(MAPPING, { params: { path }, body: current });
    expect(first.response.status).toBe(200);
    const etag = first.response.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+\.\d+"$/);
    // The same mapping again is the same version.
    const again = await t.client.PUT(MAPPING, { params: { path, header: { "If-Match": etag } }, body: current });
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get("etag")).toBe(etag);

    const changed = await t.client.PUT(MAPPING, {
      params: { path, header: { "If-Match": etag } },
      body: { ...current, debitAccountId: other.id },
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data!.debitAccount).toMatchObject({ id: other.id, key: "5001" });
    expect(changed.response.headers.get("etag")).not.toBe(etag);

    const stale = await api.put(mappingOf(t, "1000"), current, { token: t.token, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("request.precondition_failed");
    expect((await wageType(t, "1000")).debitAccount).toMatchObject({ id: other.id });
    // Another wage type's tag names another resource.
    const elsewhere = await api.put(mappingOf(t, "1300"), current, {
      token: t.token,
      headers: { "if-match": changed.response.headers.get("etag")! },
    });
    expect(elsewhere.status).toBe(412);

    const any = await t.client.PUT(MAPPING, { params: { path, header: { "If-Match": "*" } }, body: current });
    expect(any.response.status).toBe(200);
    expect(any.response.headers.get("etag")).toBe(etag);
    expect(
      (
        await api.put(mappingOf(t, "1000"), current, {
          token: t.token,
          headers: { "if-match": changed.response.headers.get("etag")! },
        })
      ).status,
    ).toBe(412);
  });

  it("cost centers: add, update and delete freely; the delete warns which employees still have it", async () => {
    const t = await tenantFixture();
    const costCenters = valuesOf(t, "CH", "CostCenters");
    const costCentersPath = lookupOf(t, "CH", "CostCenters");
    const costCenterPath = (lookupValueId: string) => valueOf(t, "CH", "CostCenters", lookupValueId);
    const added = await t.client.POST(VALUES, {
      params: { path: costCentersPath },
      body: { key: "KST-100", value: "Produktion" },
    });
    expect(added.response.status).toBe(201);
    expect(added.data).toMatchObject({
      regulationName: "CH",
      lookupId: "CostCenters",
      key: "KST-100",
      clientAdded: true,
    });
    expect(added.data!.usedBy).toBeUndefined();
    const addedId = added.data!.id;
    const other = (
      await t.client.POST(VALUES, {
        params: { path: costCentersPath },
        body: { key: "KST-200", value: "Verwaltung", payrollId: t.payroll.id },
      })
    ).data!;
    expect((await api.post(costCenters, { key: "KST-100", value: "Again" }, { token: t.token })).status).toBe(409);
    const emptyKey = await api.post(costCenters, { key: " ", value: "Blank" }, { token: t.token });
    expect(emptyKey.status).toBe(422);
    expect(emptyKey.body.errors[0].path).toBe("key");

    const updated = await t.client.PUT(VALUE, {
      params: { path: costCenterPath(addedId) },
      body: { value: "Produktion Nord", displayName: { de: "Produktion Nord" } },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({
      key: "KST-100",
      value: "Produktion Nord",
      displayName: { de: "Produktion Nord" },
    });
    expect((await valuesList(t, "CostCenters")).map((v) => v.key)).toEqual(["KST-100", "KST-200"]);

    // Anna has KST-100 today; Beat had it but moved to KST-200.
    const newEmployee = async (body: ReturnType<typeof anEmployee>) =>
      (await t.client.POST("/tenants/{orgId}/employees", { params: { path: { orgId: t.orgId } }, body })).data!.id;
    const anna = await newEmployee(anEmployee());
    const beat = await newEmployee(anEmployee({ firstName: "Beat" }));
    const costCenter = (employeeId: string, value: string) =>
      t.client.POST("/tenants/{orgId}/payrolls/{payrollId}/cases", {
        params: { path: ofPayroll(t) },
        body: {
          caseName: "CostCenter",
          employeeId,
          values: [{ caseFieldName: "CostCenter", value, start: "2026-01-01" }],
        },
      });
    for (const [employeeId, value] of [
      [anna, "KST-100"],
      [beat, "KST-100"],
      [beat, "KST-200"],
    ] as const) {
      const response = await costCenter(employeeId, value);
      expect(response.response.status, JSON.stringify(response.error)).toBe(201);
    }

    const deleted = await t.client.DELETE(VALUE, { params: { path: costCenterPath(addedId) } });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toEqual({
      deleted: expect.objectContaining({ id: addedId, key: "KST-100" }),
      warning: expect.stringContaining("not checked"),
      employees: [{ employeeId: anna }],
    });
    expect((await valuesList(t, "CostCenters")).map((v) => v.key)).toEqual(["KST-200"]);

    // Only Beat's cost center in force today is KST-200 (his earlier KST-100 was overridden).
    const second = await t.client.DELETE(VALUE, { params: { path: costCenterPath(other.id) } });
    expect(second.response.status).toBe(200);
    expect(second.data!.employees).toEqual([{ employeeId: beat }]);
    expect(await valuesList(t, "CostCenters")).toEqual([]);
    expect((await api.delete(`${costCenters}/${other.id}`, { token: t.token })).status).toBe(404);

    const unused = (
      await t.client.POST(VALUES, { params: { path: costCentersPath }, body: { key: "KST-300", value: "Leer" } })
    ).data!;
    const none = await t.client.DELETE(VALUE, { params: { path: costCenterPath(unused.id) } });
    expect(none.response.status).toBe(200);
    expect(none.data!.employees).toEqual([]);
    expect(none.data!.warning).toContain("not checked");
  });

  it("lists values page by page and filters by lookup", async () => {
    const t = await tenantFixture();
    await t.client.POST(VALUES, { params: { path: lookupOf(t, "CH", "CostCenters") }, body: { key: "A", value: "A" } });
    const all = await valuesList(t);
    expect(all.some((v) => v.lookupId === "CostCenters") && all.some((v) => v.lookupId === "Accounts")).toBe(true);
    const page = (cursor?: string) =>
      t.client.GET("/tenants/{orgId}/payrolls/{payrollId}/lookups/values", {
        params: { path: ofPayroll(t), query: { limit: "3", cursor } },
      });
    const first = await page();
    expect(first.data!.items).toHaveLength(3);
    const second = await page(first.data!.nextCursor!);
    expect(second.data!.items[0]!.id).toBe(all[3]!.id);
    const bad = await api.get(payrollValues(t, "?lookupName=Nope"), { token: t.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("lookupName");
  });

  it("another tenant's caller gets 404; Managers read assigned payrolls only and do not write; Self Service gets 403", async () => {
    const t = await tenantFixture();
    const outsider = await tenantFixture();
    const value = (
      await t.client.POST(VALUES, {
        params: { path: lookupOf(t, "CH", "CostCenters") },
        body: { key: "KST-1", value: "One" },
      })
    ).data!;
    const reads = [setsOf(t, "CH"), payrollValues(t), wageTypesOf(t)];
    for (const path of reads) {
      const response = await api.get(path, { token: outsider.token });
      expect(response.status, path).toBe(404);
      expect(response.body.code).toBe("tenant.not_found");
    }
    for (const [method, path, body] of [
      ["POST", valuesOf(t, "CH", "CostCenters"), { key: "X", value: "X" }],
      ["PUT", `${valuesOf(t, "CH", "CostCenters")}/${value.id}`, { value: "X" }],
      ["DELETE", `${valuesOf(t, "CH", "CostCenters")}/${value.id}`, undefined],
      ["PUT", mappingOf(t, "1000"), { debitAccountId: randomUUID(), creditAccountId: randomUUID() }],
    ] as const) {
      const response = await api[method === "POST" ? "post" : method === "PUT" ? "put" : "delete"](
        path,
        ...((method === "DELETE" ? [{ token: outsider.token }] : [body, { token: outsider.token }]) as [any, any]),
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await valuesList(t, "CostCenters")).map((v) => v.value)).toEqual(["One"]);

    const manager = await memberOf(t.orgId, "Manager", { payrollIds: [t.payroll.id] });
    const unassigned = await memberOf(t.orgId, "Manager", { payrollIds: [] });
    const selfService = await memberOf(t.orgId, "SelfService");
    for (const path of reads) {
      expect((await api.get(path, { token: manager.token })).status, path).toBe(200);
      expect((await api.get(path, { token: unassigned.token })).status, path).toBe(404);
      expect((await api.get(path, { token: selfService.token })).status, path).toBe(403);
    }
    expect(
      (await api.post(valuesOf(t, "CH", "CostCenters"), { key: "M", value: "M" }, { token: manager.token })).status,
    ).toBe(403);
    expect((await api.delete(`${valuesOf(t, "CH", "CostCenters")}/${value.id}`, { token: manager.token })).status).toBe(
      403,
    );
  });
});

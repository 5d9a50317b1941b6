import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { regulationIdOf } from "@/server/regulations/store";
import { api } from "../fixtures/api";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";

type Tenant = Awaited<ReturnType<typeof tenantFixture>>;
type Value = {
  id: string;
  key: string;
  value: string;
  lookupId: string;
  regulationName: string;
  clientAdded: boolean;
  usedBy?: string[];
};
type WageTypeRow = {
  number: string;
  debitAccount: { id: string; key: string } | null;
  creditAccount: { id: string; key: string } | null;
};

const KMU = "ChartOfAccountsKmu";
const COMPACT = "ChartOfAccountsCompact";

const setsOf = (t: Tenant, regulation: string) => `/api/tenants/${t.orgId}/regulations/${regulation}/lookups/sets`;
const valuesOf = (t: Tenant, regulation: string, lookup: string) =>
  `/api/tenants/${t.orgId}/regulations/${regulation}/lookups/${lookup}/values`;
const payrollValues = (t: Tenant, query = "") =>
  `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/lookups/values${query}`;
const wageTypesOf = (t: Tenant) => `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/wagetypes`;
const mappingOf = (t: Tenant, number: string) => `${wageTypesOf(t)}/${number}/accounts`;

async function valuesList(t: Tenant, lookupName?: string): Promise<Value[]> {
  const response = await api.get(payrollValues(t, `?limit=500${lookupName ? `&lookupName=${lookupName}` : ""}`), {
    token: t.token,
  });
  expect(response.status).toBe(200);
  return response.body.items;
}
const account = async (t: Tenant, key: string) => (await valuesList(t, "Accounts")).find((v) => v.key === key);
const wageType = async (t: Tenant, number: string): Promise<WageTypeRow> =>
  (await api.get(wageTypesOf(t), { token: t.token })).body.items.find((w: WageTypeRow) => w.number === number);

describe("lookups", () => {
  it("lists a regulation's lookup sets, by id or exact name, from the version in force at the open period", async () => {
    const t = await tenantFixture();
    const byId = await api.get(setsOf(t, regulationIdOf("CH")), { token: t.token });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      regulationId: regulationIdOf("CH"),
      regulationName: "CH",
      validFrom: "2026-01-01",
    });
    const names = byId.body.items.map((s: { id: string }) => s.id);
    expect(names).toEqual(expect.arrayContaining(["CostCenters", "FamilyAllowanceAmounts", "BvgAgeCredits"]));
    const costCenters = byId.body.items.find((s: { id: string }) => s.id === "CostCenters");
    expect(costCenters).toEqual({
      id: "CostCenters",
      name: "CostCenters",
      displayName: expect.objectContaining({ en: "Cost centers" }),
      values: [],
    });
    // 2026 version: AG family allowances 225/278
    const family = byId.body.items.find((s: { id: string }) => s.id === "FamilyAllowanceAmounts");
    expect(family.values).toContainEqual({ key: "AG", value: "225.00/278.00", displayName: null });

    const chart = await api.get(setsOf(t, KMU), { token: t.token });
    expect(chart.status).toBe(200);
    const accounts = chart.body.items.find((s: { id: string }) => s.id === "Accounts");
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
      await api.get(`/api/tenants/${a.orgId}/payrolls/${a.payroll.id}/regulations`, { token: a.token })
    ).body;
    expect(regulations.accountingData).toBe(KMU);
    const shipped = (await api.get(setsOf(a, KMU), { token: a.token })).body.items.find(
      (s: { id: string }) => s.id === "Accounts",
    ).values;

    const chartA = await valuesList(a, "Accounts");
    expect(chartA.map((v) => v.key).sort()).toEqual(shipped.map((v: { key: string }) => v.key).sort());
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
    const renamed = await api.put(
      `${valuesOf(a, KMU, "Accounts")}/${chartA[0]!.id}`,
      { value: "Renamed in A" },
      { token: a.token },
    );
    expect(renamed.status).toBe(200);
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
    const put = await api.put(
      `/api/tenants/${a.orgId}/payrolls/${a.payroll.id}/regulations`,
      { ...regulations, accountingData: COMPACT },
      { token: a.token },
    );
    expect(put.status).toBe(200);
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
    const added = await api.post(
      valuesOf(t, KMU, "Accounts"),
      { key: "5009", value: "Übriger Personalaufwand", displayName: { en: "Other staff costs" } },
      { token: t.token },
    );
    expect(added.status).toBe(201);
    expect(added.headers.get("etag")).toBeTruthy();
    expect(added.body).toEqual({
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
    expect(await account(t, "5009")).toMatchObject({ id: added.body.id, clientAdded: true });

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

    const renumbered = await api.put(
      `${valuesOf(t, KMU, "Accounts")}/${wages.id}`,
      { key: "5099" },
      { token: t.token },
    );
    expect(renumbered.status).toBe(200);
    expect(renumbered.body).toMatchObject({ id: wages.id, key: "5099", value: wages.value, clientAdded: false });
    expect(renumbered.body.usedBy).toContain("1000");
    expect((await wageType(t, "1000")).debitAccount).toEqual({ id: wages.id, key: "5099", value: wages.value });
    expect(await account(t, "5000")).toBeUndefined();

    // Optimistic concurrency and the same rules as when adding.
    const stale = await api.put(
      `${valuesOf(t, KMU, "Accounts")}/${wages.id}`,
      { key: "5098" },
      { token: t.token, headers: { "if-match": `"${wages.id}.1"` } },
    );
    expect(stale.status).toBe(412);
    const current = await api.put(
      `${valuesOf(t, KMU, "Accounts")}/${wages.id}`,
      { value: "Löhne" },
      { token: t.token, headers: { "if-match": renumbered.headers.get("etag")! } },
    );
    expect(current.status).toBe(200);
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
    const unused = (await api.post(valuesOf(t, KMU, "Accounts"), { key: "5009", value: "Unused" }, { token: t.token }))
      .body;
    const deleted = await api.delete(`${valuesOf(t, KMU, "Accounts")}/${unused.id}`, { token: t.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: { id: unused.id, key: "5009" }, warning: null, employees: [] });
    expect(await account(t, "5009")).toBeUndefined();

    const shipped = (await account(t, "5700"))!;
    const regulationAccount = await api.delete(`${valuesOf(t, KMU, "Accounts")}/${shipped.id}`, { token: t.token });
    expect(regulationAccount.status).toBe(409);
    expect(regulationAccount.body.code).toBe("lookup.account_not_client_added");

    const bonus = (
      await api.post(valuesOf(t, KMU, "Accounts"), { key: "5008", value: "Bonus Kader" }, { token: t.token })
    ).body;
    const before = await wageType(t, "1300");
    const mapped = await api.put(
      mappingOf(t, "1300"),
      { debitAccountId: bonus.id, creditAccountId: before.creditAccount!.id },
      { token: t.token },
    );
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({
      number: "1300",
      debitAccount: { id: bonus.id, key: "5008" },
      creditAccount: { id: before.creditAccount!.id },
    });
    expect((await account(t, "5008"))!.usedBy).toEqual(["1300"]);

    const inUse = await api.delete(`${valuesOf(t, KMU, "Accounts")}/${bonus.id}`, { token: t.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: "lookup.account_in_use", wageTypes: ["1300"] });
    expect(inUse.body.detail).toContain("1300");

    await api.put(
      mappingOf(t, "1300"),
      { debitAccountId: before.debitAccount!.id, creditAccountId: before.creditAccount!.id },
      { token: t.token },
    );
    expect((await api.delete(`${valuesOf(t, KMU, "Accounts")}/${bonus.id}`, { token: t.token })).status).toBe(200);
  });

  it("lists the wage type master with its accounts and maps a wage type only to accounts of the payroll's chart", async () => {
    const t = await tenantFixture();
    const other = await tenantFixture();
    const list = await api.get(wageTypesOf(t), { token: t.token });
    expect(list.status).toBe(200);
    const monthly = list.body.items.find((w: WageTypeRow) => w.number === "1000");
    expect(monthly).toEqual({
      number: "1000",
      name: expect.objectContaining({ en: "Monthly salary" }),
      kind: "earning",
      debitAccount: { id: expect.any(String), key: "5000", value: expect.any(String) },
      creditAccount: { id: expect.any(String), key: expect.any(String), value: expect.any(String) },
    });
    const numbers = list.body.items.map((w: WageTypeRow) => w.number);
    expect(numbers).toEqual([...numbers].sort((x: string, y: string) => Number(x) - Number(y)));

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

    const ok = await api.put(
      mappingOf(t, "1000"),
      { debitAccountId: ownAccount.id, creditAccountId: monthly.creditAccount.id },
      { token: t.token },
    );
    expect(ok.status).toBe(200);
    expect((await wageType(t, "1000")).debitAccount).toMatchObject({ id: ownAccount.id, key: "5001" });
  });

  it("a wage type's accounts answer an ETag; a PUT with an If-Match it no longer matches is refused (412) and changes nothing", async () => {
    const t = await tenantFixture();
    const monthly = await wageType(t, "1000");
    const other = (await account(t, "5001"))!;
    const current = { debitAccountId: monthly.debitAccount!.id, creditAccountId: monthly.creditAccount!.id };

    const first = await api.put(mappingOf(t, "1000"), current, { token: t.token });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+\.\d+"$/);
    // The same mapping again is the same version.
    const again = await api.put(mappingOf(t, "1000"), current, { token: t.token, headers: { "if-match": etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(etag);

    const changed = await api.put(
      mappingOf(t, "1000"),
      { ...current, debitAccountId: other.id },
      { token: t.token, headers: { "if-match": etag } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.debitAccount).toMatchObject({ id: other.id, key: "5001" });
    expect(changed.headers.get("etag")).not.toBe(etag);

    const stale = await api.put(mappingOf(t, "1000"), current, { token: t.token, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("request.precondition_failed");
    expect((await wageType(t, "1000")).debitAccount).toMatchObject({ id: other.id });
    // Another wage type's tag names another resource.
    const elsewhere = await api.put(mappingOf(t, "1300"), current, {
      token: t.token,
      headers: { "if-match": changed.headers.get("etag")! },
    });
    expect(elsewhere.status).toBe(412);

    const any = await api.put(mappingOf(t, "1000"), current, { token: t.token, headers: { "if-match": "*" } });
    expect(any.status).toBe(200);
    expect(any.headers.get("etag")).toBe(etag);
    expect(
      (
        await api.put(mappingOf(t, "1000"), current, {
          token: t.token,
          headers: { "if-match": changed.headers.get("etag")! },
        })
      ).status,
    ).toBe(412);
  });

  it("cost centers: add, update and delete freely; the delete warns which employees still have it", async () => {
    const t = await tenantFixture();
    const costCenters = valuesOf(t, "CH", "CostCenters");
    const added = await api.post(costCenters, { key: "KST-100", value: "Produktion" }, { token: t.token });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      regulationName: "CH",
      lookupId: "CostCenters",
      key: "KST-100",
      clientAdded: true,
    });
    expect(added.body.usedBy).toBeUndefined();
    const other = (
      await api.post(costCenters, { key: "KST-200", value: "Verwaltung", payrollId: t.payroll.id }, { token: t.token })
    ).body;
    expect((await api.post(costCenters, { key: "KST-100", value: "Again" }, { token: t.token })).status).toBe(409);
    const emptyKey = await api.post(costCenters, { key: " ", value: "Blank" }, { token: t.token });
    expect(emptyKey.status).toBe(422);
    expect(emptyKey.body.errors[0].path).toBe("key");

    const updated = await api.put(
      `${costCenters}/${added.body.id}`,
      { value: "Produktion Nord", displayName: { de: "Produktion Nord" } },
      { token: t.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      key: "KST-100",
      value: "Produktion Nord",
      displayName: { de: "Produktion Nord" },
    });
    expect((await valuesList(t, "CostCenters")).map((v) => v.key)).toEqual(["KST-100", "KST-200"]);

    // Anna has KST-100 today; Beat had it but moved to KST-200.
    const cases = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/cases`;
    const anna = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body
      .id as string;
    const beat = (
      await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ firstName: "Beat" }), { token: t.token })
    ).body.id as string;
    const costCenter = (employeeId: string, value: string) =>
      api.post(
        cases,
        { caseName: "CostCenter", employeeId, values: [{ caseFieldName: "CostCenter", value, start: "2026-01-01" }] },
        { token: t.token },
      );
    for (const [employeeId, value] of [
      [anna, "KST-100"],
      [beat, "KST-100"],
      [beat, "KST-200"],
    ] as const) {
      const response = await costCenter(employeeId, value);
      expect(response.status, response.text).toBe(201);
    }

    const deleted = await api.delete(`${costCenters}/${added.body.id}`, { token: t.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      deleted: expect.objectContaining({ id: added.body.id, key: "KST-100" }),
      warning: expect.stringContaining("not checked"),
      employees: [{ employeeId: anna }],
    });
    expect((await valuesList(t, "CostCenters")).map((v) => v.key)).toEqual(["KST-200"]);

    // Only Beat's cost center in force today is KST-200 (his earlier KST-100 was overridden).
    const second = await api.delete(`${costCenters}/${other.id}`, { token: t.token });
    expect(second.status).toBe(200);
    expect(second.body.employees).toEqual([{ employeeId: beat }]);
    expect(await valuesList(t, "CostCenters")).toEqual([]);
    expect((await api.delete(`${costCenters}/${other.id}`, { token: t.token })).status).toBe(404);

    const unused = (await api.post(costCenters, { key: "KST-300", value: "Leer" }, { token: t.token })).body;
    const none = await api.delete(`${costCenters}/${unused.id}`, { token: t.token });
    expect(none.status).toBe(200);
    expect(none.body.employees).toEqual([]);
    expect(none.body.warning).toContain("not checked");
  });

  it("lists values page by page and filters by lookup", async () => {
    const t = await tenantFixture();
    await api.post(valuesOf(t, "CH", "CostCenters"), { key: "A", value: "A" }, { token: t.token });
    const all = await valuesList(t);
    expect(all.some((v) => v.lookupId === "CostCenters") && all.some((v) => v.lookupId === "Accounts")).toBe(true);
    const first = await api.get(payrollValues(t, "?limit=3"), { token: t.token });
    expect(first.body.items).toHaveLength(3);
    const second = await api.get(payrollValues(t, `?limit=3&cursor=${first.body.nextCursor}`), { token: t.token });
    expect(second.body.items[0].id).toBe(all[3]!.id);
    const bad = await api.get(payrollValues(t, "?lookupName=Nope"), { token: t.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("lookupName");
  });

  it("another tenant's caller gets 404; Managers read assigned payrolls only and do not write; Self Service gets 403", async () => {
    const t = await tenantFixture();
    const outsider = await tenantFixture();
    const value = (await api.post(valuesOf(t, "CH", "CostCenters"), { key: "KST-1", value: "One" }, { token: t.token }))
      .body;
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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { tenantFixture } from "../fixtures/factories";
import { holdCatalogLock } from "../fixtures/catalog-lock";

const regulationsOf = (t: { orgId: string; payroll: { id: string } }) =>
  `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/regulations`;

// This file changes the stored regulation catalog: on the shared PostgreSQL database, not while another such file runs.
let releaseCatalog: () => Promise<void> = async () => {};
beforeAll(async () => {
  releaseCatalog = await holdCatalogLock();
});
afterAll(async () => {
  await releaseCatalog();
});

describe("regulations", () => {
  it("lists the available regulations with their accounting choices", async () => {
    const t = await tenantFixture({ withPayroll: false });
    const available = await api.get("/api/regulations/available", { token: t.token });
    expect(available.status).toBe(200);
    const ch = available.body.items.find((c: { name: string }) => c.name === "CH");
    expect(ch).toMatchObject({
      kind: "country",
      id: expect.any(String),
      displayName: { de: expect.any(String), en: expect.any(String) },
    });
    expect(ch.industries.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["CH.Construction", "CH.Hospitality"]),
    );
    expect(ch.accountingDocument.length).toBeGreaterThanOrEqual(2);
    expect(ch.accountingData.map((r: { name: string }) => r.name)).toContain("ChartOfAccountsKmu");
  });

  it("a new payroll has the country regulation and a default template and chart", async () => {
    const t = await tenantFixture();
    const assigned = await api.get(regulationsOf(t), { token: t.token });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({
      countryRegulation: "CH",
      industries: [],
      accountingDocument: expect.any(String),
      accountingData: expect.any(String),
    });
  });

  it("adds industries, replaces accounting regulations, and refuses the forbidden changes", async () => {
    const t = await tenantFixture();
    const available = (await api.get("/api/regulations/available", { token: t.token })).body.items[0];
    const [doc1, doc2] = available.accountingDocument.map((r: { name: string }) => r.name);
    const [chart1, chart2] = available.accountingData.map((r: { name: string }) => r.name);
    const put = (body: Record<string, unknown>) => api.put(regulationsOf(t), body, { token: t.token });
    const base = {
      countryRegulation: "CH",
      industries: ["CH.Construction"],
      accountingDocument: doc1,
      accountingData: chart1,
    };

    const added = await put(base);
    expect(added.status).toBe(200);
    expect(added.body.industries).toEqual(["CH.Construction"]);
    const both = await put({
      ...base,
      industries: ["CH.Construction", "CH.Hospitality"],
      accountingDocument: doc2,
      accountingData: chart2,
    });
    expect(both.status).toBe(200);
    expect(both.body).toEqual({
      countryRegulation: "CH",
      industries: ["CH.Construction", "CH.Hospitality"],
      accountingDocument: doc2,
      accountingData: chart2,
    });

    const removeIndustry = await put({
      ...base,
      industries: ["CH.Hospitality"],
      accountingDocument: doc2,
      accountingData: chart2,
    });
    expect(removeIndustry.status).toBe(409);
    expect(removeIndustry.body.code).toBe("regulations.industry_not_removable");
    // Swapping or removing the country is what the rule forbids (409), whatever is sent instead of it.
    for (const countryRegulation of ["DE", "", null, undefined]) {
      const swapped = await put({ ...base, industries: ["CH.Construction", "CH.Hospitality"], countryRegulation });
      expect(swapped.status, String(countryRegulation)).toBe(409);
      expect(swapped.body.code).toBe("regulations.country_fixed");
    }
    const unknownIndustry = await put({ ...base, industries: ["CH.Construction", "CH.Hospitality", "Banking"] });
    expect(unknownIndustry.status).toBe(422);
    expect(unknownIndustry.body.errors[0].path).toBe("industries.2");
    const freeText = await put({
      ...base,
      industries: ["CH.Construction", "CH.Hospitality"],
      accountingData: "my own chart.xlsx",
    });
    expect(freeText.status).toBe(422);
    expect(freeText.body.errors[0].path).toBe("accountingData");
    const wrongKind = await put({
      ...base,
      industries: ["CH.Construction", "CH.Hospitality"],
      accountingDocument: chart1,
    });
    expect(wrongKind.status).toBe(422);
    expect((await api.get(regulationsOf(t), { token: t.token })).body).toEqual(both.body);

    // What is left out stays as it is: industries are not removed by a body without them.
    const onlyDocument = await put({ countryRegulation: "CH", accountingDocument: doc1 });
    expect(onlyDocument.status, onlyDocument.text).toBe(200);
    expect(onlyDocument.body).toEqual({ ...both.body, accountingDocument: doc1 });
    // The accounting choices are removable (interface: "Removable? Yes"): null.
    const removed = await put({ countryRegulation: "CH", accountingDocument: null, accountingData: null });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({
      countryRegulation: "CH",
      industries: ["CH.Construction", "CH.Hospitality"],
      accountingDocument: null,
      accountingData: null,
    });
    const accounts = async () =>
      (
        await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/lookups/values?lookupName=Accounts&limit=1`, {
          token: t.token,
        })
      ).body.items;
    expect(await accounts()).toEqual([]); // no chart of accounts without its scheme
    const again = await put({ countryRegulation: "CH", accountingDocument: doc2, accountingData: chart2 });
    expect(again.body).toMatchObject({ accountingDocument: doc2, accountingData: chart2 });
    expect(await accounts()).toHaveLength(1);
  });

  it("a different (existing) country regulation cannot replace the assigned one", async () => {
    // Only CH ships; a payroll created with CH and a request naming CH again is the only valid country.
    const t = await tenantFixture();
    const current = (await api.get(regulationsOf(t), { token: t.token })).body;
    const same = await api.put(regulationsOf(t), { ...current }, { token: t.token });
    expect(same.status).toBe(200);
  });
});

describe("regulation versions", () => {
  it("a newer version takes effect from its own date, without a restart", async () => {
    const { getDb } = await import("@/server/db/client");
    const { regulationVersions } = await import("@/server/db/schema");
    const { forgetCachedRegulations, regulationIdOf, storedRegulations } = await import("@/server/regulations/store");
    const { newId } = await import("@/server/ids");
    const ch = (await storedRegulations()).get("CH")!;
    const latest = ch.versions[ch.versions.length - 1]!;
    const future = "2099-01-01";
    const extraCase = {
      name: "FutureAllowance",
      displayName: { de: "Zulage", fr: "Allocation", it: "Indennità", en: "Allowance" },
      scope: "employee",
      cluster: null,
      fields: [
        {
          name: "FutureAllowanceAmount",
          displayName: { de: "Betrag", fr: "Montant", it: "Importo", en: "Amount" },
          valueType: "money",
          required: false,
          moment: true,
        },
      ],
    };
    const db = await getDb();
    const { eq, and } = await import("drizzle-orm");
    await db
      .delete(regulationVersions)
      .where(and(eq(regulationVersions.name, "CH"), eq(regulationVersions.validFrom, future)));
    await db.insert(regulationVersions).values({
      id: newId(),
      regulationId: regulationIdOf("CH"),
      name: "CH",
      kind: "country",
      validFrom: future,
      content: {
        name: "CH",
        kind: "country",
        displayName: ch.displayName,
        country: null,
        version: { ...latest, validFrom: future, cases: [...latest.cases, extraCase] },
      },
      checksum: "test",
    });
    forgetCachedRegulations();
    try {
      const now = await tenantFixture();
      const later = await tenantFixture({ withPayroll: false });
      const payroll = (
        await api.post(
          `/api/tenants/${later.orgId}/payrolls/simple`,
          { name: "Later AG", accountingStartDate: future, documentLanguage: "de" },
          { token: later.token },
        )
      ).body;
      const employeeOf = async (t: { orgId: string; token: string }) =>
        (
          await api.post(
            `/api/tenants/${t.orgId}/employees`,
            { identifier: "1", firstName: "A", lastName: "B" },
            { token: t.token },
          )
        ).body.id;
      const casesToday = await api.get(
        `/api/tenants/${now.orgId}/payrolls/${now.payroll.id}/cases?employeeId=${await employeeOf(now)}`,
        { token: now.token },
      );
      const casesLater = await api.get(
        `/api/tenants/${later.orgId}/payrolls/${payroll.id}/cases?employeeId=${await employeeOf(later)}`,
        { token: later.token },
      );
      expect(casesToday.body.items.map((c: { name: string }) => c.name)).not.toContain("FutureAllowance");
      expect(casesLater.body.items.map((c: { name: string }) => c.name)).toContain("FutureAllowance");
    } finally {
      await db
        .delete(regulationVersions)
        .where(and(eq(regulationVersions.name, "CH"), eq(regulationVersions.validFrom, future)));
      forgetCachedRegulations();
    }
  });

  it("importing the catalog again adds nothing new", async () => {
    const { importCatalog } = await import("@/server/regulations/store");
    await importCatalog();
    expect(await importCatalog()).toMatchObject({ added: 0, updated: 0, changes: [] });
  });
});

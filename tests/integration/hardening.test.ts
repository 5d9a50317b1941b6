import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { sessionSecret } from "@/server/auth/session-secret";
import { startSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { api, call } from "../fixtures/api";
import { anEmployee, memberOf, tenantFixture } from "../fixtures/factories";
import { payrollWithStaff } from "../fixtures/payouts";

/** Issue 9: what a hostile or clumsy client found, each fixed once at its cause. */

const periodsOf = async (t: Awaited<ReturnType<typeof tenantFixture>>) =>
  (await api.get(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods`, { token: t.token })).body.items as {
    periodStart: string;
    status: string;
  }[];

describe("closing twice never closes two months", { timeout: 90_000 }, () => {
  it("two concurrent closes of `open` close exactly one period; the other is 409 period.not_open", async () => {
    const t = await tenantFixture();
    const url = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/close`;
    const [a, b] = await Promise.all([
      api.post(url, undefined, { token: t.token }),
      api.post(url, undefined, { token: t.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.code).toBe("period.not_open");
    expect((await periodsOf(t)).map((p) => `${p.periodStart} ${p.status}`)).toEqual([
      "2026-01-01 closed",
      "2026-02-01 open",
    ]);
  });

  it("three concurrent closes still close one period", async () => {
    const t = await tenantFixture();
    const url = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/close`;
    const replies = await Promise.all([1, 2, 3].map(() => api.post(url, undefined, { token: t.token })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await periodsOf(t)).filter((p) => p.status === "closed")).toHaveLength(1);
  });

  it("a close retried with the same Idempotency-Key replays the first answer and closes nothing more", async () => {
    const t = await tenantFixture();
    const url = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/close`;
    const headers = { "idempotency-key": "close-jan-2026" };
    const first = await api.post(url, undefined, { token: t.token, headers });
    const again = await api.post(url, undefined, { token: t.token, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await periodsOf(t)).map((p) => p.status)).toEqual(["closed", "open"]);
  });

  it("concurrent closes with the same key: one closes, the other waits its turn or replays, never closes February", async () => {
    const t = await tenantFixture();
    const url = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/close`;
    const headers = { "idempotency-key": "double-click" };
    const replies = await Promise.all([
      api.post(url, undefined, { token: t.token, headers }),
      api.post(url, undefined, { token: t.token, headers }),
    ]);
    expect(replies.map((r) => r.status)).toContain(200);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect((await periodsOf(t)).map((p) => p.status)).toEqual(["closed", "open"]);
  });

  it("closing one month after another still works: `open` is the month open when the request arrives", async () => {
    const t = await tenantFixture();
    const url = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods/open/close`;
    expect((await api.post(url, undefined, { token: t.token })).status).toBe(200);
    expect((await api.post(url, undefined, { token: t.token })).status).toBe(200);
    expect((await periodsOf(t)).map((p) => p.status)).toEqual(["closed", "closed", "open"]);
  });

  it("a closed period named by id is 409 period.not_open", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/payrunperiods`;
    const closed = await api.post(`${base}/open/close`, undefined, { token: t.token });
    const again = await api.post(`${base}/${closed.body.id}/close`, undefined, { token: t.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("period.not_open");
  });
});

describe("every POST that changes state honours Idempotency-Key", () => {
  it("a doubled employee create with one key creates one employee", async () => {
    const t = await tenantFixture();
    const body = anEmployee();
    const headers = { "idempotency-key": "emp-1" };
    const [a, b] = await Promise.all([
      api.post(`/api/tenants/${t.orgId}/employees`, body, { token: t.token, headers }),
      api.post(`/api/tenants/${t.orgId}/employees`, body, { token: t.token, headers }),
    ]);
    expect([a.status, b.status]).toContain(201);
    const list = (await api.get(`/api/tenants/${t.orgId}/employees?search=${body.identifier}`, { token: t.token })).body
      .items;
    expect(list).toHaveLength(1);
  });

  it("the key is checked against the raw body, so a body too deep to re-serialize is a 4xx, not a 500", async () => {
    const t = await tenantFixture();
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const reply = await call("POST", `/api/tenants/${t.orgId}/employees`, {
      token: t.token,
      rawBody: deep,
      headers: { "content-type": "application/json", "idempotency-key": "deep" },
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.headers.get("content-type")).toContain("application/problem+json");
  });

  it("a deeply nested object is refused naming where, before any schema sees it", async () => {
    const t = await tenantFixture();
    const nested = '{"a":'.repeat(5_000) + '"x"' + "}".repeat(5_000);
    const reply = await call("POST", `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/cases`, {
      token: t.token,
      rawBody: `{"caseName":"Employment","employeeId":null,"values":[{"caseFieldName":"EntryDate","value":${nested},"start":"2026-01-01"}]}`,
      headers: { "content-type": "application/json", "idempotency-key": "nested" },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].path).toMatch(/^values\.0\.value/);
  });
});

describe("a key named __proto__ is refused, never read as no key", () => {
  it("amounts: { __proto__: ... } is 422 naming it, and nobody is paid", async () => {
    const t = await payrollWithStaff(1);
    const reply = await call("POST", `${t.base}/open/payouts`, {
      token: t.token,
      rawBody: '{"amounts":{"__proto__":"10.00"}}',
      headers: { "content-type": "application/json" },
    });
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.errors[0].path).toBe("amounts.__proto__");
    expect((await api.get(`${t.base}/open/payouts`, { token: t.token })).body.items).toEqual([]);
    expect(
      (await api.post(`${t.base}/open/payouts`, { amounts: { [t.employeeIds[0]!]: "10.00" } }, { token: t.token }))
        .status,
    ).toBe(201);
  });

  it("in a query, repeated or not, it is 422 too", async () => {
    const t = await tenantFixture();
    for (const query of ["__proto__=x", "__proto__=x&__proto__=y"]) {
      const reply = await api.get(`/api/tenants/${t.orgId}/employees?${query}`, { token: t.token });
      expect(reply.status, reply.text).toBe(422);
      expect(reply.body.errors[0].path).toBe("__proto__");
    }
  });
});

describe("text never carries control or bidirectional characters", () => {
  const hostile = ["a\u0000b", "a\u202Eb", "a\u2066b", "a\u0007b", "\uD800"];

  it.each(hostile.map((text) => [JSON.stringify(text), text]))(
    "a tenant name %s is 422 naming name",
    async (_, text) => {
      const t = await tenantFixture({ withPayroll: false });
      const reply = await api.post("/api/tenants", { name: text }, { token: t.token });
      expect(reply.status).toBe(422);
      expect(reply.body.errors.map((e: { path: string }) => e.path)).toContain("name");
    },
  );

  it("line breaks are refused where one line is meant (names, identifiers), with the field named", async () => {
    const t = await tenantFixture();
    for (const [field, value] of [
      ["firstName", "Lea\nMüller"],
      ["identifier", "10\r01"],
      ["lastName", "Mül\tler"],
    ] as const) {
      const reply = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ [field]: value }), {
        token: t.token,
      });
      expect(reply.status, field).toBe(422);
      expect(reply.body.errors[0].path).toBe(field);
    }
  });

  it("NUL in a payroll name, a case text value, a lookup text, search and caseName is 422 naming the field", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const checks: [Promise<{ status: number; body: { errors?: { path: string }[] } }>, string][] = [
      [api.put(base, { name: "Muster\u0000AG" }, { token: t.token }), "name"],
      [
        api.post(
          `${base}/cases`,
          {
            caseName: "EmployeePersonalData",
            employeeId: employee.id,
            values: [{ caseFieldName: "Nationality", value: "C\u0000H", start: "2026-01-01" }],
          },
          { token: t.token },
        ),
        "values.0.value",
      ],
      [
        api.post(
          `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`,
          { key: "K\u0000", value: "Sales" },
          { token: t.token },
        ),
        "key",
      ],
      [api.get(`/api/tenants/${t.orgId}/employees?search=a%00b`, { token: t.token }), "search"],
      [api.get(`${base}/cases/changes?caseName=Sal%00ary`, { token: t.token }), "caseName"],
      [
        api.post(
          `${base}/cases`,
          {
            caseName: "Sal\u0000ary",
            employeeId: employee.id,
            values: [{ caseFieldName: "MonthlySalary", value: "1.00", start: "2026-01-01" }],
          },
          { token: t.token },
        ),
        "caseName",
      ],
    ];
    for (const [pending, path] of checks) {
      const reply = await pending;
      expect(reply.status, path).toBe(422);
      expect(
        reply.body.errors!.map((e) => e.path),
        path,
      ).toContain(path);
    }
    // nothing was written
    expect((await api.get(`${base}/cases/changes?employeeId=${employee.id}`, { token: t.token })).body.items).toEqual(
      [],
    );
  });

  it("an identifier with emoji and quotes is fine: only control characters are refused", async () => {
    const t = await tenantFixture();
    const reply = await api.post(
      `/api/tenants/${t.orgId}/employees`,
      anEmployee({ identifier: `1001 "Ä" 😀`, lastName: "O'Brien-Łukasz" }),
      { token: t.token },
    );
    expect(reply.status).toBe(201);
  });
});

describe("names and identifiers are read in NFKC and are never only invisible (issue 38, item 6.2)", () => {
  const paths = (reply: { body: { errors?: { path: string }[] } }) => reply.body.errors?.map((e) => e.path);

  it("a fullwidth employee number is the same number: 409 identifier_taken beside 1001, and stored as 1001", async () => {
    const t = await tenantFixture();
    const employees = `/api/tenants/${t.orgId}/employees`;
    expect((await api.post(employees, anEmployee({ identifier: "1001" }), { token: t.token })).status).toBe(201);
    const fullwidth = await api.post(employees, anEmployee({ identifier: "１００１" }), { token: t.token });
    expect(fullwidth.status, fullwidth.text).toBe(409);
    expect(fullwidth.body.code).toBe("employee.identifier_taken");
    const other = await api.post(employees, anEmployee({ identifier: "１００２" }), { token: t.token });
    expect(other.status).toBe(201);
    expect(other.body.identifier).toBe("1002");
  });

  it.each([
    ["a zero-width space", "1001\u200B"],
    ["a zero-width joiner", "10\u200D01"],
    ["a word joiner", "\u20601001"],
    ["a BOM inside", "10\uFEFF01"],
    ["a soft hyphen", "10\u00AD01"],
  ])("an employee number with %s is 422 naming identifier, not a second 1001", async (_, identifier) => {
    const t = await tenantFixture();
    const employees = `/api/tenants/${t.orgId}/employees`;
    expect((await api.post(employees, anEmployee({ identifier: "1001" }), { token: t.token })).status).toBe(201);
    const reply = await api.post(employees, anEmployee({ identifier }), { token: t.token });
    expect(reply.status, reply.text).toBe(422);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(paths(reply)).toEqual(["identifier"]);
    const existing = (await api.get(employees, { token: t.token })).body.items as { id: string }[];
    const renamed = await api.put(`${employees}/${existing[0]!.id}`, { identifier }, { token: t.token });
    expect(renamed.status).toBe(422);
    expect(paths(renamed)).toEqual(["identifier"]);
  });

  it.each(["\u200B", "\u200C\u200D", " \u2060 ", "\uFEFF", "\u3164"])(
    "a tenant, payroll or person named %j only invisibly is 422 naming the field",
    async (name) => {
      const t = await tenantFixture();
      const tenant = await api.post("/api/tenants", { name }, { token: t.token });
      expect(tenant.status, tenant.text).toBe(422);
      expect(paths(tenant)).toEqual(["name"]);
      const payroll = await api.put(`/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`, { name }, { token: t.token });
      expect(payroll.status, payroll.text).toBe(422);
      expect(paths(payroll)).toContain("name");
      const person = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ lastName: name }), {
        token: t.token,
      });
      expect(person.status).toBe(422);
      expect(paths(person)).toEqual(["lastName"]);
    },
  );

  it("a name may still carry a joiner inside (emoji sequences, Persian), and a fullwidth name is stored as NFKC", async () => {
    const t = await tenantFixture();
    const reply = await api.post(
      `/api/tenants/${t.orgId}/employees`,
      anEmployee({ firstName: "👩\u200D💻 Mehr\u200Cdad", lastName: "Ｍüller" }),
      { token: t.token },
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.firstName).toBe("👩\u200D💻 Mehr\u200Cdad");
    expect(reply.body.lastName).toBe("Müller");
    const tenant = await api.post("/api/tenants", { name: "Ｍｕｓｔｅｒ AG" }, { token: t.token });
    expect(tenant.status).toBe(201);
    expect(tenant.body.name).toBe("Muster AG");
  });

  it("a lookup key: fullwidth is the same key (409), with an invisible character 422", async () => {
    const t = await tenantFixture();
    const values = `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`;
    expect((await api.post(values, { key: "K100", value: "Sales" }, { token: t.token })).status).toBe(201);
    const fullwidth = await api.post(values, { key: "Ｋ１００", value: "Sales again" }, { token: t.token });
    expect(fullwidth.status, fullwidth.text).toBe(409);
    const hidden = await api.post(values, { key: "K100\u200B", value: "Sales hidden" }, { token: t.token });
    expect(hidden.status).toBe(422);
    expect(paths(hidden)).toEqual(["key"]);
    const blank = await api.post(values, { key: "K200", value: "\u200B" }, { token: t.token });
    expect(blank.status).toBe(422);
    expect(paths(blank)).toEqual(["value"]);
  });

  it("case values: an invisible text is 422, a lookup value with an invisible character 422, a fullwidth AHV number is the number", async () => {
    const t = await tenantFixture();
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const employee = (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).body;
    const post = (caseName: string, caseFieldName: string, value: string) =>
      api.post(
        `${base}/cases`,
        { caseName, employeeId: employee.id, values: [{ caseFieldName, value, start: "2026-01-01" }] },
        { token: t.token },
      );
    const text = await post("EmployeeAddress", "Street", "\u200B\u2060");
    expect(text.status, text.text).toBe(422);
    expect(paths(text)).toEqual(["values.0.value"]);
    expect(
      (
        await api.post(
          `/api/tenants/${t.orgId}/regulations/CH/lookups/CostCenters/values`,
          { key: "K100", value: "Sales" },
          { token: t.token },
        )
      ).status,
    ).toBe(201);
    const lookup = await post("CostCenter", "CostCenter", "K100\u200B");
    expect(lookup.status, lookup.text).toBe(422);
    expect(paths(lookup)).toEqual(["values.0.value"]);
    const ahv = await post("EmployeePersonalData", "AhvNumber", "７５６.９２１７.０７６９.８５");
    expect(ahv.status, ahv.text).toBe(201);
    expect(ahv.body.values[0].value).toBe("756.9217.0769.85");
  });
});

describe("requests the service cannot read are 4xx problem+json", () => {
  it("a path id with bad percent-encoding or control characters is a 404", async () => {
    const t = await tenantFixture();
    for (const path of [
      `/api/tenants/${t.orgId}/regulations/C%00H/lookups/sets`,
      `/api/tenants/${t.orgId}/regulations/C%0AH/lookups/sets`,
    ]) {
      const reply = await call("GET", path, { token: t.token });
      expect(reply.status, path).toBe(404);
      expect(reply.headers.get("content-type")).toContain("application/problem+json");
    }
  });

  it("a body over 1 MB is 413 problem+json, declared or not", async () => {
    const t = await tenantFixture();
    const big = JSON.stringify({ name: "x".repeat(1_100_000) });
    const reply = await call("POST", "/api/tenants", {
      token: t.token,
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe("request.too_large");
    const declared = await call("POST", "/api/tenants", {
      token: t.token,
      rawBody: "{}",
      headers: { "content-type": "application/json", "content-length": "5000000" },
    });
    expect(declared.status).toBe(413);
  });

  it("a body that is not UTF-8 is 400", async () => {
    const t = await tenantFixture();
    const url = new URL("/api/tenants", "http://localhost:3000");
    const { POST } = await import("@/app/api/tenants/route");
    const response = await POST(
      new Request(url, {
        method: "POST",
        headers: { authorization: `Bearer ${t.token}`, "content-type": "application/json" },
        body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("request.malformed_body");
  });

  it("JSON is accepted only as JSON: text/plain is 415", async () => {
    const t = await tenantFixture();
    const reply = await call("POST", "/api/tenants", {
      token: t.token,
      rawBody: JSON.stringify({ name: "Plain AG" }),
      headers: { "content-type": "text/plain" },
    });
    expect(reply.status).toBe(415);
    expect(reply.body.code).toBe("request.unsupported_media_type");
    const ok = await call("POST", "/api/tenants", {
      token: t.token,
      rawBody: JSON.stringify({ name: "Json AG" }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(ok.status).toBe(201);
  });

  it.each(["1e3", "-1", "0x10", "1.5", " 5", "0", "501", "abc"])("limit=%s is 422 naming limit", async (limit) => {
    const t = await tenantFixture();
    const reply = await api.get(`/api/tenants/${t.orgId}/employees?limit=${encodeURIComponent(limit)}`, {
      token: t.token,
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].path).toBe("limit");
  });

  it("limit=500 and limit=7 are fine", async () => {
    const t = await tenantFixture();
    expect((await api.get(`/api/tenants/${t.orgId}/employees?limit=500`, { token: t.token })).status).toBe(200);
    expect((await api.get(`/api/tenants/${t.orgId}/employees?limit=7`, { token: t.token })).status).toBe(200);
  });
});

describe("cookie-authenticated writes come only from the service's own pages", () => {
  it("a bearer token is never subject to the origin rule", async () => {
    const t = await tenantFixture();
    const reply = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), {
      token: t.token,
      headers: { origin: "https://evil.example" },
    });
    expect(reply.status).toBe(201);
  });

  it("a person's bearer token is not either (browsers do not send it on their own)", async () => {
    const t = await tenantFixture();
    const admin = await memberOf(t.orgId, "Administrator");
    const reply = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), {
      token: admin.token,
      headers: { origin: "https://evil.example" },
    });
    expect(reply.status).toBe(201);
  });
});

/** The console's session cookie of a new Administrator of `orgId`. */
async function adminSessionCookie(orgId: string) {
  const person = await memberOf(orgId, "Administrator");
  const [user] = await (await getDb()).select().from(users).where(eq(users.email, person.email));
  const token = await encode({
    token: { userId: user!.id, sub: user!.subject, sessionId: await startSession(user!.id) },
    secret: await sessionSecret(),
  });
  return { cookie: `next-auth.session-token=${token}`, bearer: person.token };
}

describe("a cookie-authenticated write says where it comes from (issue 38, item 6.3; contract 9d)", () => {
  it("without Origin and Sec-Fetch-Site it is 403 request.cross_origin, and nothing is written", async () => {
    const t = await tenantFixture();
    const { cookie } = await adminSessionCookie(t.orgId);
    const body = anEmployee();
    const employees = `/api/tenants/${t.orgId}/employees`;
    const reply = await api.post(employees, body, { headers: { cookie } });
    expect(reply.status, reply.text).toBe(403);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(reply.body.code).toBe("request.cross_origin");
    const put = await api.put(
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`,
      { name: "Renamed AG" },
      { headers: { cookie } },
    );
    expect(put.status).toBe(403);
    expect(put.body.code).toBe("request.cross_origin");
    expect((await api.get(`${employees}?search=${body.identifier}`, { token: t.token })).body.items).toEqual([]);
    // Reading needs neither header.
    expect((await api.get(employees, { headers: { cookie } })).status).toBe(200);
  });

  it("from another site (Origin or Sec-Fetch-Site says so) it is 403 too", async () => {
    const t = await tenantFixture();
    const { cookie } = await adminSessionCookie(t.orgId);
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of foreign) {
      const reply = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), {
        headers: { cookie, ...headers },
      });
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.body.code).toBe("request.cross_origin");
    }
  });

  it("from the service's own pages (its Origin, or Sec-Fetch-Site same-origin as browsers send) it is made", async () => {
    const t = await tenantFixture();
    const { cookie } = await adminSessionCookie(t.orgId);
    const own: Record<string, string>[] = [
      { origin: "http://localhost:3000" },
      { "sec-fetch-site": "same-origin" },
      { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    ];
    for (const headers of own) {
      const reply = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), {
        headers: { cookie, ...headers },
      });
      expect(reply.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it("a bearer token needs neither header, a person's or a system user's", async () => {
    const t = await tenantFixture();
    const { cookie, bearer } = await adminSessionCookie(t.orgId);
    expect((await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: t.token })).status).toBe(201);
    expect((await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: bearer })).status).toBe(201);
    // The bearer token decides, even with the browser's cookie beside it.
    expect(
      (await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee(), { token: bearer, headers: { cookie } }))
        .status,
    ).toBe(201);
  });
});

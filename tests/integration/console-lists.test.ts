/**
 * The console's screens read whole lists, not their first page: Payroll Control and the missing-data
 * screen name every employee, and Payroll Control shows every confirmation (issue 38, item 5). They
 * used to ask for one page of 500 and say nothing of the rest; here the page is made small instead
 * of the tenant large.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { confirmationsOf } from "@/components/results/load";
import { employeeNames } from "@/components/periods/load";
import { changesOf } from "@/components/self-service/load";
import { tenantAccess } from "@/server/auth/access";
import type { TenantCtx } from "@/server/context";
import { listAllEmployees, listEmployees } from "@/server/employees/list-employees";
import { api } from "../fixtures/api";
import { anEmployee, tenantFixture } from "../fixtures/factories";

// A recalculation per case change, on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const STAFF = 5;
const PAGE = 2;
const CODES = ["calc.missing_birth_date", "calc.missing_ahv_number", "control.missing_bank_account"];

let t: Awaited<ReturnType<typeof tenantFixture>>;
let ctx: TenantCtx;
const employeeIds: string[] = [];

beforeAll(async () => {
  t = await tenantFixture();
  const caller = { kind: "system" as const, systemUserId: t.owner.id, name: t.owner.name };
  ctx = { caller, tenantId: t.orgId, access: (await tenantAccess(caller, t.orgId))! };
  for (let i = 0; i < STAFF; i++) {
    const created = await api.post(`/api/tenants/${t.orgId}/employees`, anEmployee({ lastName: `Page${i}` }), {
      token: t.token,
    });
    expect(created.status, created.text).toBe(201);
    employeeIds.push(created.body.id);
  }
});

describe("console lists longer than a page", () => {
  it("a page stops at its size; every employee comes back page by page, named", async () => {
    const first = await listEmployees({ ctx, input: { limit: PAGE, includeFormer: true } });
    expect(first.items).toHaveLength(PAGE);
    expect(first.nextCursor).not.toBeNull();

    const all = await listAllEmployees({ ctx, pageSize: PAGE });
    expect(all.map((e) => e.id).sort()).toEqual([...employeeIds].sort());
    const names = await employeeNames(ctx, PAGE);
    expect(Object.keys(names).sort()).toEqual([...employeeIds].sort());
    expect(names[employeeIds[3]!]).toMatch(/^Page3, Anna \(E-/);
  });

  it("Payroll Control's confirmations are all read, not the first page's", async () => {
    const employeeId = employeeIds[0]!;
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    for (const code of CODES) {
      const confirmed = await api.post(
        `${base}/cases`,
        {
          caseName: "ControlConfirmation",
          employeeId,
          values: [{ caseFieldName: "ControlCode", value: code, start: "2026-01-01" }],
        },
        { token: t.token },
      );
      expect(confirmed.status, confirmed.text).toBe(201);
    }
    const period = await api.get(`${base}/payrunperiods/open`, { token: t.token });
    expect(period.status, period.text).toBe(200);

    const confirmations = await confirmationsOf(ctx, t.payroll.id, period.body, PAGE);
    expect([...confirmations.keys()].sort()).toEqual(CODES.map((code) => `${employeeId} ${code}`).sort());
  });

  it("the portal's list of an employee's changes reads every page", async () => {
    const employeeId = employeeIds[1]!;
    const base = `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}`;
    const starts = ["2026-01-01", "2026-02-01", "2026-03-01"];
    for (const start of starts) {
      const posted = await api.post(
        `${base}/cases`,
        { caseName: "Salary", employeeId, values: [{ caseFieldName: "MonthlySalary", value: "5000.00", start }] },
        { token: t.token },
      );
      expect(posted.status, posted.text).toBe(201);
    }
    const changes = await changesOf(ctx, t.payroll.id, employeeId, "all", PAGE);
    expect(changes.length).toBeGreaterThanOrEqual(starts.length);
    expect(new Set(changes.map((c) => c.id)).size).toBe(changes.length);
  });
});

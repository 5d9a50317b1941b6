import { describe, expect, it } from "vitest";
import { chf, formatRappen } from "@/server/money/rappen";
import { api } from "../fixtures/api";
import { pdfText } from "../fixtures/pdf";
import { payableEmployee, payrollWithStaff, postCase } from "../fixtures/payouts";

/**
 * Contract section 8: the open amount is what entries[].openAmount and controlling[].openAmount show,
 * and the payslip lists every payout. Close carries what a leaver was not paid into the next period,
 * where a payout pays it: so they are listed there (entries, entry, Payroll Control, payslip) for as
 * long as money is carried to them or paid to them, and not otherwise.
 */
type Staffed = Awaited<ReturnType<typeof payrollWithStaff>>;
type Entry = {
  id: string;
  employeeId: string;
  openAmount: string;
  paidOut: string;
  gross: string;
  controlState: string;
};
type Control = { employeeId: string; state: string; openAmount: string; items: { code: string; blocking: boolean }[] };
type Document = { id: string; category: string; employeeId: string | null };

const entries = async (t: Staffed, period: string) => {
  const response = await api.get(`${t.base}/${period}/entries?limit=500`, { token: t.token });
  expect(response.status, response.text).toBe(200);
  return response.body.items as Entry[];
};
/** Every entry, one page of one at a time: the paging shows the same people as one page of all. */
const entriesPaged = async (t: Staffed, period: string) => {
  const seen: Entry[] = [];
  let cursor: string | null = null;
  do {
    const response = await api.get(`${t.base}/${period}/entries?limit=1${cursor ? `&cursor=${cursor}` : ""}`, {
      token: t.token,
    });
    expect(response.status, response.text).toBe(200);
    const page = response.body as { items: Entry[]; nextCursor: string | null };
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
};
const entryOf = async (t: Staffed, employeeId: string) =>
  (await entries(t, "open")).find((e) => e.employeeId === employeeId);
const controlling = async (t: Staffed) => {
  const response = await api.get(`${t.base}/open/controlling?limit=500`, { token: t.token });
  expect(response.status, response.text).toBe(200);
  return response.body as { items: Control[]; blockingCount: number };
};
const controlOf = async (t: Staffed, employeeId: string) =>
  (await controlling(t)).items.find((e) => e.employeeId === employeeId);
const documents = async (t: Staffed) =>
  (await api.get(`${t.base}/open/documents?limit=500`, { token: t.token })).body.items as Document[];
const payslipText = async (t: Staffed, employeeId: string) => {
  const payslip = (await documents(t)).find((d) => d.category === "Payslip" && d.employeeId === employeeId)!;
  expect(payslip).toBeDefined();
  const pdf = await api.get(`${t.base}/open/documents/${payslip.id}`, { token: t.token });
  expect(pdf.status).toBe(200);
  return pdfText(pdf.bytes).replace(/\s+/g, " ");
};
const pay = (t: Staffed, body: unknown) => api.post(`${t.base}/open/payouts`, body, { token: t.token });
const close = async (t: Staffed) => {
  const closed = await api.post(`${t.base}/open/close`, undefined, { token: t.token });
  expect(closed.status, closed.text).toBe(200);
  return closed.body as { id: string };
};
const swiss = (amount: string) => amount.replace(/\B(?=(\d{3})+\.)/g, "'");

/** One employee who stays, one who leaves on 20 January (unpaid at close), one who left in 2025. */
async function january({ leaverIban = true } = {}) {
  const t = await payrollWithStaff(1);
  const [stayer] = t.employeeIds as [string];
  const leaver = await payableEmployee(t, { firstName: "Lea", withIban: leaverIban });
  await postCase(t, "Employment", leaver, { ExitDate: "2026-01-20" });
  const gone = await payableEmployee(t, { firstName: "Gian", withIban: false });
  await postCase(t, "Employment", gone, { EntryDate: "2024-01-01", ExitDate: "2025-06-30" });
  return { t, stayer, leaver, gone };
}

describe("former employees with amounts open", { timeout: 240_000 }, () => {
  it("a January leaver unpaid at close is listed in February with the carried amount, gets a payslip, is paid and PaidOut; one long gone is not listed", async () => {
    const { t, stayer, leaver, gone } = await january();
    const januaryEntries = await entries(t, "open");
    expect(januaryEntries.map((e) => e.employeeId).sort()).toEqual([stayer, leaver].sort());
    const owed = chf(januaryEntries.find((e) => e.employeeId === leaver)!.openAmount);
    expect(owed).toBeGreaterThan(0);
    // Only the stayer is paid in January; the leaver's pay is carried into February.
    expect((await pay(t, { employeeIds: [stayer] })).status).toBe(201);
    await close(t);

    // February: the leaver's entry, with the carried amount as its open amount; the long-gone is not listed.
    const february = await entries(t, "open");
    expect(february.map((e) => e.employeeId).sort()).toEqual([stayer, leaver].sort());
    expect(await entriesPaged(t, "open")).toEqual(february);
    const entry = february.find((e) => e.employeeId === leaver)!;
    expect(entry).toMatchObject({
      gross: "0.00",
      paidOut: "0.00",
      openAmount: formatRappen(owed),
      controlState: "ReadyToPayOut",
    });
    const detail = await api.get(`${t.base}/open/entries/${entry.id}`, { token: t.token });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({
      id: entry.id,
      employeeId: leaver,
      openAmount: formatRappen(owed),
      controlState: "ReadyToPayOut",
      wageTypes: [],
    });

    const control = await controlling(t);
    expect(control.items.map((c) => c.employeeId).sort()).toEqual([stayer, leaver].sort());
    expect(control.items.find((c) => c.employeeId === leaver)).toMatchObject({
      state: "ReadyToPayOut",
      openAmount: formatRappen(owed),
      items: [],
    });
    expect(control.blockingCount).toBe(0);

    // A February payslip preview shows the carried amount; no salary certificate (that came with the exit).
    const docs = await documents(t);
    expect(docs.filter((d) => d.employeeId === leaver).map((d) => d.category)).toEqual(["Payslip"]);
    expect(docs.some((d) => d.employeeId === gone)).toBe(false);
    expect(await payslipText(t, leaver)).toContain(`Übertrag aus Vorperioden ${swiss(formatRappen(owed))}`);

    // Paying everyone pays the leaver what was carried; then they are PaidOut, shown with the payout.
    const paid = await pay(t, {});
    expect(paid.status, paid.text).toBe(201);
    const lines = Object.fromEntries(
      paid.body.payout.lines.map((l: { employeeId: string; amount: string }) => [l.employeeId, l.amount]),
    );
    expect(lines[leaver]).toBe(formatRappen(owed));
    expect(lines[gone]).toBeUndefined();
    expect(await entryOf(t, leaver)).toMatchObject({
      openAmount: "0.00",
      paidOut: formatRappen(owed),
      controlState: "PaidOut",
    });
    expect(await controlOf(t, leaver)).toMatchObject({ state: "PaidOut", openAmount: "0.00" });
    const text = await payslipText(t, leaver);
    expect(text).toContain(`Übertrag aus Vorperioden ${swiss(formatRappen(owed))}`);
    expect(text).toContain("Ausbezahlt");
    expect(await entryOf(t, gone)).toBeUndefined();
    expect(await controlOf(t, gone)).toBeUndefined();

    // March: nothing carried or paid any more, so the leaver is no longer listed.
    await close(t);
    expect((await entries(t, "open")).map((e) => e.employeeId)).toEqual([stayer]);
    expect((await documents(t)).some((d) => d.employeeId === leaver)).toBe(false);
  });

  it("a leaver without an IBAN is Blocked by it: not paid with everyone, refused by name, and closing waits for it", async () => {
    const { t, stayer, leaver } = await january({ leaverIban: false });
    // January: the missing IBAN confirmed for January only, so that January closes unpaid.
    const confirmed = await api.post(
      `/api/tenants/${t.orgId}/payrolls/${t.payroll.id}/cases`,
      {
        caseName: "ControlConfirmation",
        employeeId: leaver,
        values: [
          {
            caseFieldName: "ControlCode",
            value: "control.missing_bank_account",
            start: "2026-01-01",
            end: "2026-01-31",
          },
        ],
      },
      { token: t.token },
    );
    expect(confirmed.status, confirmed.text).toBe(201);
    const owed = chf((await entryOf(t, leaver))!.openAmount);
    await close(t);

    expect(await entryOf(t, leaver)).toMatchObject({ openAmount: formatRappen(owed), controlState: "Blocked" });
    const control = await controlOf(t, leaver);
    expect(control).toMatchObject({ state: "Blocked", openAmount: formatRappen(owed) });
    expect(control!.items).toEqual([expect.objectContaining({ code: "control.missing_bank_account", blocking: true })]);
    expect((await controlling(t)).blockingCount).toBe(1);

    const everyone = await pay(t, {});
    expect(everyone.status, everyone.text).toBe(201);
    expect(everyone.body.payout.lines.map((l: { employeeId: string }) => l.employeeId)).toEqual([stayer]);
    const named = await pay(t, { employeeIds: [leaver] });
    expect(named.status, named.text).toBe(409);
    expect(named.body.code).toBe("payout.blocked");
    const refused = await api.post(`${t.base}/open/close`, undefined, { token: t.token });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe("period.control_unresolved");
    expect(refused.body.items).toEqual([
      expect.objectContaining({ employeeId: leaver, code: "control.missing_bank_account" }),
    ]);

    // With an IBAN recorded, they are ReadyToPayOut and paid.
    await postCase(t, "EmployeeBankAccount", leaver, { Iban: "CH93 0076 2011 6238 5295 7" });
    expect(await controlOf(t, leaver)).toMatchObject({
      state: "ReadyToPayOut",
      openAmount: formatRappen(owed),
      items: [],
    });
    const paid = await pay(t, { employeeIds: [leaver] });
    expect(paid.status, paid.text).toBe(201);
    expect(await entryOf(t, leaver)).toMatchObject({ openAmount: "0.00", controlState: "PaidOut" });
  });
});

import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events, payrunEntries } from "@/server/db/schema";
import { todayInZurich } from "@/server/dates";
import { chf, formatRappen } from "@/server/money/rappen";
import { api } from "../fixtures/api";
import { pdfText } from "../fixtures/pdf";
import { payrollWithStaff } from "../fixtures/payouts";

/**
 * Contract section 8: a payout can be cancelled until the bank processes it, also after its period
 * closed (made on the last day, executed a few days later). The closed period stays as it was closed
 * (section 6); the amounts are open again in the open period, carried as a close carries them.
 */
type Staffed = Awaited<ReturnType<typeof payrollWithStaff>>;
type Entry = { id: string; employeeId: string; openAmount: string; paidOut: string; net: string; controlState: string };

const inDays = (days: number) => {
  const date = new Date(`${todayInZurich()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const entries = async (t: Staffed, period: string) => {
  const response = await api.get(`${t.base}/${period}/entries`, { token: t.token });
  expect(response.status, response.text).toBe(200);
  return response.body.items as Entry[];
};
const entryOf = async (t: Staffed, period: string, employeeId: string) =>
  (await entries(t, period)).find((e) => e.employeeId === employeeId)!;
const controlOf = async (t: Staffed, employeeId: string) =>
  (await api.get(`${t.base}/open/controlling`, { token: t.token })).body.items.find(
    (e: { employeeId: string }) => e.employeeId === employeeId,
  );
const pay = (t: Staffed, body: unknown) => api.post(`${t.base}/open/payouts`, body, { token: t.token });
const close = async (t: Staffed) => {
  const closed = await api.post(`${t.base}/open/close`, undefined, { token: t.token });
  expect(closed.status, closed.text).toBe(200);
  return closed.body as { id: string; periodStart: string };
};
const cancel = (t: Staffed, period: string, payoutId: string, headers: Record<string, string> = {}) =>
  api.post(`${t.base}/${period}/payouts/${payoutId}`, undefined, { token: t.token, headers });
const eventsOf = async (orgId: string, type: string) =>
  (await getDb())
    .select()
    .from(events)
    .where(and(eq(events.tenantId, orgId), eq(events.type, type)));
const swiss = (amount: string) => amount.replace(/\B(?=(\d{3})+\.)/g, "'");

/** Every document of the period with what it says (a PDF's text: its bytes carry the time it was drawn): final documents must not change. */
const documentsOf = async (t: Staffed, period: string) => {
  const items = (await api.get(`${t.base}/${period}/documents`, { token: t.token })).body.items as {
    id: string;
    final: boolean;
    contentType: string;
  }[];
  return Promise.all(
    items.map(async (doc) => {
      const { bytes } = await api.get(`${t.base}/${period}/documents/${doc.id}`, { token: t.token });
      return {
        ...doc,
        content: createHash("sha256")
          .update(doc.contentType === "application/pdf" ? pdfText(bytes) : bytes)
          .digest("hex"),
      };
    }),
  );
};
const payslipText = async (t: Staffed, period: string, employeeId: string) => {
  const docs = (
    await api.get(`${t.base}/${period}/documents?category=Payslip&employeeId=${employeeId}`, { token: t.token })
  ).body.items;
  const pdf = await api.get(`${t.base}/${period}/documents/${docs[0].id}`, { token: t.token });
  expect(pdf.status).toBe(200);
  return pdfText(pdf.bytes).replace(/\s+/g, " ");
};

describe("cancelling a payout of a closed period", { timeout: 120_000 }, () => {
  it("paid out in January for a later date, January closed, cancelled: 200, the amount is open in February, January stays as closed", async () => {
    const t = await payrollWithStaff(2);
    const [a, b] = t.employeeIds as [string, string];
    const januaryOpen = chf((await entryOf(t, "open", a)).openAmount);
    // a is paid in full, b an advance; both lines go in one payout executed after the close.
    const made = await pay(t, { employeeIds: [a, b], amounts: { [b]: "1000.00" }, executionDate: inDays(5) });
    expect(made.status, made.text).toBe(201);
    const payout = made.body.payout;
    const january = await close(t);
    const januaryEntries = await entries(t, january.id);
    const januaryDocuments = await documentsOf(t, january.id);
    expect(januaryDocuments.every((d) => d.final)).toBe(true);
    const februaryA = chf((await entryOf(t, "open", a)).openAmount);
    const februaryB = chf((await entryOf(t, "open", b)).openAmount);
    expect(februaryA).toBe(januaryOpen); // same pay, nothing carried: January was paid in full
    expect(februaryB).toBe(2 * januaryOpen - 100_000); // January's rest carried
    expect(await payslipText(t, "open", a)).not.toContain("Übertrag aus Vorperioden");

    const cancelled = await cancel(t, january.id, payout.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: payout.id,
      payrunPeriodId: january.id,
      status: "cancelled",
      cancelledAt: expect.any(String),
      processedAt: null,
    });
    expect(await eventsOf(t.orgId, "PayoutCancellationRequested")).toEqual([
      expect.objectContaining({
        payload: { payrollId: t.payroll.id, payrunPeriodId: january.id, payoutId: payout.id },
      }),
    ]);

    // Open again in February, at once, in the entries and in Payroll Control.
    expect(await entryOf(t, "open", a)).toMatchObject({
      openAmount: formatRappen(februaryA + januaryOpen),
      paidOut: "0.00",
      controlState: "ReadyToPayOut",
    });
    expect(await entryOf(t, "open", b)).toMatchObject({
      openAmount: formatRappen(februaryB + 100_000),
      paidOut: "0.00",
    });
    expect((await controlOf(t, a)).openAmount).toBe(formatRappen(februaryA + januaryOpen));
    expect((await controlOf(t, b)).openAmount).toBe(formatRappen(februaryB + 100_000));
    // February's payslip preview shows it as carried from earlier periods.
    expect(await payslipText(t, "open", a)).toContain(`Übertrag aus Vorperioden ${swiss(formatRappen(januaryOpen))}`);
    expect(await payslipText(t, "open", b)).toContain(`Übertrag aus Vorperioden ${swiss(formatRappen(januaryOpen))}`); // January's rest and the cancelled advance

    // January: entries, final documents and payment file as they were closed; the payout is listed as cancelled.
    expect(await entries(t, january.id)).toEqual(januaryEntries);
    expect(await documentsOf(t, january.id)).toEqual(januaryDocuments);
    const listed = (await api.get(`${t.base}/${january.id}/payouts`, { token: t.token })).body.items;
    expect(listed.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[payout.id, "cancelled"]]);

    // Twice: 409 payout.cancelled, and nothing is carried a second time.
    const again = await cancel(t, january.id, payout.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("payout.cancelled");
    expect((await entryOf(t, "open", a)).openAmount).toBe(formatRappen(februaryA + januaryOpen));

    // A payout in February pays it, once.
    const repaid = await pay(t, { employeeIds: [a, b] });
    expect(repaid.status, repaid.text).toBe(201);
    const paid = Object.fromEntries(
      repaid.body.payout.lines.map((l: { employeeId: string; amount: string }) => [l.employeeId, l.amount]),
    );
    expect(paid).toEqual({ [a]: formatRappen(februaryA + januaryOpen), [b]: formatRappen(februaryB + 100_000) });
    expect((await entryOf(t, "open", a)).openAmount).toBe("0.00");
    expect((await pay(t, {})).body.code).toBe("payout.nothing_open");
  });

  it("the next close carries the amount on: payable + carried - February's payouts not cancelled, never twice", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const monthly = chf((await entryOf(t, "open", e)).openAmount);
    const { payout } = (await pay(t, { executionDate: inDays(6) })).body;
    const january = await close(t);
    expect((await cancel(t, january.id, payout.id)).status).toBe(200);
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(2 * monthly);
    // An advance in February, and one cancelled (which changes nothing).
    expect((await pay(t, { employeeIds: [e], amounts: { [e]: "500.00" } })).status).toBe(201);
    const dropped = (await pay(t, { employeeIds: [e], amounts: { [e]: "300.00" } })).body.payout;
    expect((await cancel(t, "open", dropped.id)).status).toBe(200);
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(2 * monthly - 50_000);

    const february = await close(t);
    expect(chf((await entryOf(t, february.id, e)).openAmount)).toBe(2 * monthly - 50_000);
    // March: its own pay plus February's rest (January's cancelled pay included), once.
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(3 * monthly - 50_000);
    expect(chf((await controlOf(t, e)).openAmount)).toBe(3 * monthly - 50_000);
    expect(await payslipText(t, "open", e)).toContain(
      `Übertrag aus Vorperioden ${swiss(formatRappen(2 * monthly - 50_000))}`,
    );
  });

  it("a payout of a period two closes back lands in the open period only", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const monthly = chf((await entryOf(t, "open", e)).openAmount);
    const { payout } = (await pay(t, { executionDate: inDays(20) })).body;
    const january = await close(t);
    const february = await close(t);
    const februaryEntries = await entries(t, february.id);
    // February was not paid: its own pay is carried into March.
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(2 * monthly);
    expect((await cancel(t, january.id, payout.id)).status).toBe(200);
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(3 * monthly);
    expect(await entries(t, february.id)).toEqual(februaryEntries);
    expect((await entryOf(t, january.id, e)).openAmount).toBe("0.00");
  });

  it("refuses a processed payout of a closed period (409 payout.processed), whether confirmed or due", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const confirmed = (await pay(t, { employeeIds: [e], amounts: { [e]: "100.00" }, executionDate: inDays(5) })).body
      .payout;
    const due = (await pay(t, { employeeIds: [e], amounts: { [e]: "200.00" }, executionDate: todayInZurich() })).body
      .payout;
    const january = await close(t);
    const february = await entryOf(t, "open", e);
    expect(
      (await api.post(`${t.base}/${january.id}/payouts/${confirmed.id}/processed`, undefined, { token: t.token }))
        .status,
    ).toBe(200);
    for (const id of [confirmed.id, due.id]) {
      const refused = await cancel(t, january.id, id);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.code).toBe("payout.processed");
    }
    expect(await entryOf(t, "open", e)).toEqual(february);
    expect(await eventsOf(t.orgId, "PayoutCancellationRequested")).toEqual([]);
  });

  it("a repeated Idempotency-Key replays the first answer; the amount is carried once", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const { payout } = (await pay(t, { employeeIds: [e], amounts: { [e]: "700.00" }, executionDate: inDays(5) })).body;
    const january = await close(t);
    const before = chf((await entryOf(t, "open", e)).openAmount);
    const first = await cancel(t, january.id, payout.id, { "idempotency-key": "cancel-once" });
    const second = await cancel(t, january.id, payout.id, { "idempotency-key": "cancel-once" });
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(before + 70_000);
    expect(await eventsOf(t.orgId, "PayoutCancellationRequested")).toHaveLength(1);
  });

  it("an employee without an entry in the open period gets one, calculated as any recalculation would, with the amount carried", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const monthly = chf((await entryOf(t, "open", e)).openAmount);
    const { payout } = (await pay(t, { executionDate: inDays(5) })).body;
    await close(t);
    const february = (await api.get(`${t.base}/open`, { token: t.token })).body.id as string;
    await (
      await getDb()
    )
      .delete(payrunEntries)
      .where(and(eq(payrunEntries.tenantId, t.orgId), eq(payrunEntries.payrunPeriodId, february)));
    expect(await entries(t, "open")).toEqual([]);
    const cancelled = await cancel(t, payout.payrunPeriodId, payout.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(2 * monthly);
  });

  it("a cancel and a close of the open period at the same time: the amount lands once, in whichever period is open after", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const monthly = chf((await entryOf(t, "open", e)).openAmount);
    const { payout } = (await pay(t, { executionDate: inDays(5) })).body;
    const january = await close(t);
    const [cancelled, closed] = await Promise.all([
      cancel(t, january.id, payout.id),
      api.post(`${t.base}/open/close`, undefined, { token: t.token }),
    ]);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(closed.status, closed.text).toBe(200);
    // March: its pay, February's (not paid) and January's cancelled pay, each once.
    expect(chf((await entryOf(t, "open", e)).openAmount)).toBe(3 * monthly);
  });

  it("a cancel and a new payout of the same employee at the same time: what is paid and what is open add up to what is due", async () => {
    const t = await payrollWithStaff(1);
    const [e] = t.employeeIds as [string];
    const monthly = chf((await entryOf(t, "open", e)).openAmount);
    const { payout } = (await pay(t, { executionDate: inDays(5) })).body;
    const january = await close(t);
    const [cancelled, paid] = await Promise.all([cancel(t, january.id, payout.id), pay(t, { employeeIds: [e] })]);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(paid.status, paid.text).toBe(201);
    const february = await entryOf(t, "open", e);
    expect(chf(february.paidOut)).toBe(chf(paid.body.payout.total));
    expect(chf(february.paidOut) + chf(february.openAmount)).toBe(2 * monthly);
  });
});

import { describe, expect, it } from "vitest";
import { api } from "../fixtures/api";
import { pdfText } from "../fixtures/pdf";
import { payrollWithStaff, postCase } from "../fixtures/payouts";

/** Contract section 8: what a close does with amounts still open. */
describe("closing with amounts still open", { timeout: 120_000 }, () => {
  const cents = (money: string) => Math.round(Number(money) * 100);
  const entryOf = async (t: Awaited<ReturnType<typeof payrollWithStaff>>, period: string, employeeId: string) =>
    (
      (await api.get(`${t.base}/${period}/entries`, { token: t.token })).body.items as {
        employeeId: string;
        openAmount: string;
        paidOut: string;
        net: string;
      }[]
    ).find((e) => e.employeeId === employeeId)!;

  const payslipText = async (t: Awaited<ReturnType<typeof payrollWithStaff>>, period: string, employeeId: string) => {
    const docs = (
      await api.get(`${t.base}/${period}/documents?category=Payslip&employeeId=${employeeId}`, { token: t.token })
    ).body.items;
    const pdf = await api.get(`${t.base}/${period}/documents/${docs[0].id}`, { token: t.token });
    expect(pdf.status).toBe(200);
    return pdfText(pdf.bytes).replace(/\s+/g, " ");
  };

  it("carries an unpaid rest into the next period by default: February's open amount is its own pay plus January's rest", async () => {
    const t = await payrollWithStaff(1);
    const [employeeId] = t.employeeIds as [string];
    const january = await entryOf(t, "open", employeeId);
    const advance = await api.post(
      `${t.base}/open/payouts`,
      { employeeIds: [employeeId], amounts: { [employeeId]: "1000.00" } },
      { token: t.token },
    );
    expect(advance.status, advance.text).toBe(201);
    const rest = cents(january.openAmount) - 100_000;
    expect(cents((await entryOf(t, "open", employeeId)).openAmount)).toBe(rest);

    const closed = await api.post(`${t.base}/open/close`, undefined, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const february = await entryOf(t, "open", employeeId);
    // Same salary in February: its payable amount equals January's, plus the rest carried.
    expect(cents(february.openAmount)).toBe(cents(january.openAmount) + rest);
    const control = (await api.get(`${t.base}/open/controlling`, { token: t.token })).body.items.find(
      (i: { employeeId: string }) => i.employeeId === employeeId,
    );
    expect(cents(control.openAmount)).toBe(cents(january.openAmount) + rest);

    // The carried rest is paid with February's pay, once.
    const final = await api.post(`${t.base}/open/payouts`, { employeeIds: [employeeId] }, { token: t.token });
    expect(final.status, final.text).toBe(201);
    expect(cents(final.body.payout.total)).toBe(cents(january.openAmount) + rest);
    expect((await entryOf(t, "open", employeeId)).openAmount).toBe("0.00");
    // January stays as it was closed: its rest is not open there any more than it was.
    expect(cents((await entryOf(t, closed.body.id, employeeId)).openAmount)).toBe(rest);
    // January's payslip lists the advance with its account; February's shows the rest carried and the payout.
    const januaryPayslip = await payslipText(t, closed.body.id, employeeId);
    expect(januaryPayslip).toContain("CH93 0076 2011 6238 5295 7");
    expect(januaryPayslip).toContain("1'000.00");
    const februaryPayslip = await payslipText(t, "open", employeeId);
    expect(februaryPayslip).toContain("Übertrag aus Vorperioden");
    expect(februaryPayslip).toContain(final.body.payout.total.replace(/\B(?=(\d{3})+\.)/g, "'"));
  });

  it("a split salary payment shows on the payslip as a payout to each account", async () => {
    const t = await payrollWithStaff(1);
    const [employeeId] = t.employeeIds as [string];
    await postCase(t, "EmployeeSecondBankAccount", employeeId, {
      SecondIban: "CH2300700110012345678",
      SecondAccountAmount: "500.00",
    });
    const paid = await api.post(`${t.base}/open/payouts`, { employeeIds: [employeeId] }, { token: t.token });
    expect(paid.status, paid.text).toBe(201);
    const main = paid.body.payout.lines.find((l: { iban: string }) => l.iban === "CH9300762011623852957");
    const payslip = await payslipText(t, "open", employeeId);
    expect(payslip).toContain("CH23 0070 0110 0123 4567 8");
    expect(payslip).toContain("500.00");
    expect(payslip).toContain("CH93 0076 2011 6238 5295 7");
    expect(payslip).toContain(main.amount.replace(/\B(?=(\d{3})+\.)/g, "'"));
  });

  it("records what is still open as paid outside the service with openAmounts: paidExternally, so nothing is carried or paid again", async () => {
    const t = await payrollWithStaff(2);
    const [a, b] = t.employeeIds as [string, string];
    const january = await entryOf(t, "open", a);
    expect((await api.post(`${t.base}/open/payouts`, { employeeIds: [b] }, { token: t.token })).status).toBe(201);

    const closed = await api.post(`${t.base}/open/close`, { openAmounts: "paidExternally" }, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const payouts = (await api.get(`${t.base}/${closed.body.id}/payouts`, { token: t.token })).body.items as {
      status: string;
      external: boolean;
      total: string;
      documentId: string | null;
      lines: { employeeId: string; amount: string; iban: string | null }[];
    }[];
    const external = payouts.filter((p) => p.external);
    expect(external).toHaveLength(1);
    expect(external[0]).toMatchObject({ status: "processed", documentId: null, total: january.openAmount });
    expect(external[0]!.lines.map((l) => [l.employeeId, l.amount, l.iban])).toEqual([[a, january.openAmount, null]]);
    expect((await entryOf(t, closed.body.id, a)).openAmount).toBe("0.00");
    expect(await payslipText(t, closed.body.id, a)).toContain("ausserhalb bezahlt");
    // February owes only February.
    expect((await entryOf(t, "open", a)).openAmount).toBe(january.openAmount);
    // A processed external payout cannot be cancelled, and has no file.
    const externalId = (await api.get(`${t.base}/${closed.body.id}/payouts`, { token: t.token })).body.items.find(
      (p: { external: boolean }) => p.external,
    ).id;
    expect(
      (await api.post(`${t.base}/${closed.body.id}/payouts/${externalId}`, undefined, { token: t.token })).status,
    ).toBe(409);
    expect(
      (await api.get(`${t.base}/${closed.body.id}/payouts/${externalId}/document`, { token: t.token })).status,
    ).toBe(404);
  });

  it("carries an overpayment after a correction forward as a negative amount, which is never paid out", async () => {
    const t = await payrollWithStaff(1);
    const [employeeId] = t.employeeIds as [string];
    expect((await api.post(`${t.base}/open/payouts`, { employeeIds: [employeeId] }, { token: t.token })).status).toBe(
      201,
    );
    // The salary turns out lower: January was overpaid.
    await postCase(t, "Salary", employeeId, { SalaryType: "monthly", MonthlySalary: "4000.00" });
    const overpaid = cents((await entryOf(t, "open", employeeId)).openAmount);
    expect(overpaid).toBeLessThan(0);
    const closed = await api.post(`${t.base}/open/close`, {}, { token: t.token });
    expect(closed.status, closed.text).toBe(200);
    const february = await entryOf(t, "open", employeeId);
    expect(cents(february.openAmount)).toBe(cents(february.net) + overpaid);
    // Nothing is paid while the overpayment is larger than what is due; a payout finds nothing open.
    if (cents(february.openAmount) <= 0) {
      expect(
        (await api.post(`${t.base}/open/payouts`, { employeeIds: [employeeId] }, { token: t.token })).body.code,
      ).toBe("payout.nothing_open");
    }
  });

  it("refuses an unknown choice with 422 naming openAmounts", async () => {
    const t = await payrollWithStaff(0);
    const reply = await api.post(`${t.base}/open/close`, { openAmounts: "forget" }, { token: t.token });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].path).toBe("openAmounts");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chf, formatRappen } from "@/server/money/rappen";
import { api } from "../fixtures/api";
import { payrollWithStaff, postCase } from "../fixtures/payouts";

type Step =
  | { kind: "advance"; who: number; share: number }
  | { kind: "final"; who: number | null }
  | { kind: "cancel"; which: number }
  | { kind: "salary"; who: number; salary: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("advance" as const),
    who: fc.integer({ min: 0, max: 1 }),
    share: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({ kind: fc.constant("final" as const), who: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }) }),
  fc.record({ kind: fc.constant("cancel" as const), which: fc.nat() }),
  fc.record({
    kind: fc.constant("salary" as const),
    who: fc.integer({ min: 0, max: 1 }),
    salary: fc.integer({ min: 2000, max: 9000 }),
  }),
);

/**
 * Property: for any sequence of advances, final payments, cancellations and salary changes, every
 * employee's non-cancelled payout lines add up to paidOut, paidOut plus the open amount is what the
 * period owes them, and no payout line ever exceeded what was open when it was made.
 */
describe("payouts property", () => {
  it("paid plus open is what is owed, and no line exceeds what was open", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const t = await payrollWithStaff(2);
        const entries = async () => {
          const items = (await api.get(`${t.base}/open/entries`, { token: t.token })).body.items as {
            employeeId: string;
            paidOut: string;
            openAmount: string;
          }[];
          return new Map(items.map((e) => [e.employeeId, { paid: chf(e.paidOut), open: chf(e.openAmount) }]));
        };
        const check = async () => {
          const now = await entries();
          const payouts = (await api.get(`${t.base}/open/payouts?limit=500`, { token: t.token })).body.items as {
            status: string;
            lines: { employeeId: string; amount: string }[];
          }[];
          for (const id of t.employeeIds) {
            const lines = payouts
              .filter((p) => p.status !== "cancelled")
              .flatMap((p) => p.lines.filter((l) => l.employeeId === id));
            expect(lines.reduce((s, l) => s + chf(l.amount), 0)).toBe(now.get(id)!.paid);
          }
          return now;
        };
        let before = await check();
        for (const s of steps) {
          if (s.kind === "salary") {
            await postCase(t, "Salary", t.employeeIds[s.who]!, {
              SalaryType: "monthly",
              MonthlySalary: `${s.salary}.00`,
            });
          } else if (s.kind === "cancel") {
            const live = (
              (await api.get(`${t.base}/open/payouts?limit=500`, { token: t.token })).body.items as {
                id: string;
                status: string;
              }[]
            ).filter((p) => p.status === "created");
            if (live.length)
              expect(
                (
                  await api.post(`${t.base}/open/payouts/${live[s.which % live.length]!.id}`, undefined, {
                    token: t.token,
                  })
                ).status,
              ).toBe(200);
          } else {
            const who = s.kind === "advance" ? t.employeeIds[s.who]! : s.who === null ? null : t.employeeIds[s.who]!;
            const open = who ? before.get(who)!.open : 0;
            const amount = s.kind === "advance" ? Math.max(5, Math.round((open * s.share) / 100 / 5) * 5) : null;
            const body = {
              ...(who ? { employeeIds: [who] } : {}),
              ...(amount !== null ? { amounts: { [who!]: formatRappen(amount) } } : {}),
            };
            const response = await api.post(`${t.base}/open/payouts`, body, { token: t.token });
            if (response.status === 201) {
              for (const line of response.body.payout.lines as { employeeId: string; amount: string }[]) {
                expect(chf(line.amount)).toBeLessThanOrEqual(before.get(line.employeeId)!.open);
                expect(chf(line.amount)).toBeGreaterThan(0);
              }
            } else if (amount !== null && amount > open) {
              expect(response.body.code).toBe("payout.exceeds_open_amount");
            } else {
              expect(response.status, response.text).toBe(409);
              expect(response.body.code).toBe("payout.nothing_open");
              expect(
                [...before.values()].filter((e) => (who ? e === before.get(who) : true)).every((e) => e.open <= 0),
              ).toBe(true);
            }
          }
          const after = await check();
          // What the period owes each employee (paid + open) changes only with their salary.
          for (const id of t.employeeIds) {
            if (s.kind !== "salary" || t.employeeIds[s.who] !== id)
              expect(after.get(id)!.paid + after.get(id)!.open).toBe(before.get(id)!.paid + before.get(id)!.open);
          }
          before = after;
        }
      }),
      { numRuns: 5 },
    );
  }, 600_000);
});

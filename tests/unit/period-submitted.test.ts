import { describe, expect, it } from "vitest";
import { toPayrunPeriod } from "@/server/periods/list-periods";

/** What submittedToElm says at each step of a live period's ELM submission (contract 6: the close submits it). */
describe("submittedToElm", () => {
  const closed = {
    id: "0190f3c4-0000-7000-8000-000000000001",
    tenantId: "0190f3c4-0000-7000-8000-000000000002",
    payrollId: "0190f3c4-0000-7000-8000-000000000003",
    periodStart: "2026-01-01",
    periodEnd: "2026-01-31",
    status: "closed" as const,
    closedAt: new Date("2026-01-31T16:00:00Z"),
    declaredAt: null as Date | null,
    submittedAt: null as Date | null,
    elmJobKey: null,
    elmError: null as string | null,
    finalizedAt: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
  };

  it("is false for a period closed before go-live (never declared)", () => {
    expect(toPayrunPeriod(closed)).toMatchObject({ submittedToElm: false, transmittedAt: null });
  });
  it("is true from the close that declared it, before the background transmission", () => {
    expect(toPayrunPeriod({ ...closed, declaredAt: closed.closedAt })).toMatchObject({
      submittedToElm: true,
      transmittedAt: null,
    });
  });
  it("is false while the declaration cannot be transmitted here, and says why", () => {
    expect(
      toPayrunPeriod({ ...closed, declaredAt: closed.closedAt, elmError: "No ELM certificate configured." }),
    ).toMatchObject({ submittedToElm: false, elmError: "No ELM certificate configured." });
  });
  it("is true once transmitted, with the time", () => {
    const submittedAt = new Date("2026-01-31T16:00:05Z");
    expect(toPayrunPeriod({ ...closed, declaredAt: closed.closedAt, submittedAt })).toMatchObject({
      submittedToElm: true,
      transmittedAt: submittedAt.toISOString(),
    });
  });
});

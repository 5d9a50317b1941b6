import { describe, expect, it } from "vitest";
import { effectiveSpans, valueInForce, type VersionedValue } from "@/server/bitemporal/in-force";

let seq = 0;
const v = (start: string, end: string | null, recorded: string, value: string) => ({
  id: String(++seq).padStart(4, "0"),
  start,
  end,
  createdAt: new Date(recorded),
  value,
});

describe("value in force", () => {
  // Three overlapping changes, recorded in this order:
  //   A from 2026-01-01 (6000), B from 2026-04-01 (6500), C from 2026-03-01 (6200, a correction recorded last).
  const A = v("2026-01-01", null, "2026-01-05T10:00:00Z", "6000.00");
  const B = v("2026-04-01", null, "2026-03-20T10:00:00Z", "6500.00");
  const C = v("2026-03-01", null, "2026-05-02T10:00:00Z", "6200.00");
  const values = [A, B, C];
  const at = (date: string, knownAt?: string) =>
    valueInForce(values, date, knownAt ? new Date(knownAt) : undefined)?.value ?? null;

  it("reads each date", () => {
    expect(at("2025-12-31")).toBeNull();
    expect(at("2026-01-01")).toBe("6000.00");
    expect(at("2026-02-28")).toBe("6000.00");
    expect(at("2026-03-01")).toBe("6200.00"); // C overrides from its start
    expect(at("2026-04-15")).toBe("6200.00"); // ... also over B, recorded earlier
    expect(at("2027-01-01")).toBe("6200.00");
  });

  it("reads as known at a moment (record time)", () => {
    expect(at("2026-04-15", "2026-04-01T00:00:00Z")).toBe("6500.00"); // before C was recorded
    expect(at("2026-03-15", "2026-04-01T00:00:00Z")).toBe("6000.00");
    expect(at("2026-04-15", "2026-01-10T00:00:00Z")).toBe("6000.00"); // before B
  });

  it("honours an end date", () => {
    const bounded = [
      v("2026-01-01", null, "2026-01-01T00:00:00Z", "x"),
      v("2026-02-01", "2026-02-28", "2026-01-02T00:00:00Z", "y"),
    ];
    expect(valueInForce(bounded, "2026-02-28")?.value).toBe("y");
    expect(valueInForce(bounded, "2026-03-01")?.value).toBe("x");
  });

  it("gives each value the spans in which it is in force", () => {
    const until = "2026-12-31";
    expect(effectiveSpans(values, A, until)).toEqual([{ start: "2026-01-01", end: "2026-02-28" }]);
    expect(effectiveSpans(values, B, until)).toEqual([]);
    expect(effectiveSpans(values, C, until)).toEqual([{ start: "2026-03-01", end: null }]);
    const gap = [A, v("2026-02-01", "2026-02-28", "2026-06-01T00:00:00Z", "sick")] as (VersionedValue & {
      value: string;
    })[];
    expect(effectiveSpans(gap, gap[0]!, until)).toEqual([
      { start: "2026-01-01", end: "2026-01-31" },
      { start: "2026-03-01", end: null },
    ]);
  });
});

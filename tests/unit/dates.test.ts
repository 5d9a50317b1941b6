import { describe, expect, it } from "vitest";
import { addMonthsToDate, firstOfMonthAfter } from "@/server/calc/dates";
import { IsoDate, addMonths, isFirstOfMonth, monthEnd, todayInZurich } from "@/server/dates";

describe("business dates", () => {
  it("accepts calendar dates only", () => {
    expect(IsoDate.safeParse("2024-02-29").success).toBe(true);
    expect(IsoDate.safeParse("2026-02-29").success).toBe(false);
    expect(IsoDate.safeParse("2026-13-01").success).toBe(false);
    expect(IsoDate.safeParse("2026-1-01").success).toBe(false);
  });

  it("knows month ends, including leap years", () => {
    expect(monthEnd("2026-02-01")).toBe("2026-02-28");
    expect(monthEnd("2024-02-01")).toBe("2024-02-29");
    expect(monthEnd("2026-12-01")).toBe("2026-12-31");
    expect(addMonths("2026-12-01", 1)).toBe("2027-01-01");
    expect(addMonths("2026-01-01", -1)).toBe("2025-12-01");
    expect(isFirstOfMonth("2026-03-01")).toBe(true);
    expect(isFirstOfMonth("2026-03-10")).toBe(false);
  });

  it("takes today in Europe/Zurich, not UTC", () => {
    // 23:30 UTC on 31 December is already 1 January in Zurich (UTC+1 in winter).
    expect(todayInZurich(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(todayInZurich(new Date("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
    expect(todayInZurich(new Date("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
  });

  it("changes the date at Zurich's midnight, whatever it answered a moment before", () => {
    // One formatting answers for a whole UTC minute; the date must still turn at the minute midnight starts.
    const around = [
      "2026-11-29T22:59:00Z",
      "2026-11-29T22:59:59.999Z",
      "2026-11-29T23:00:00Z",
      "2026-11-29T22:59:30Z",
      "2026-11-29T23:00:59Z",
      "2026-03-28T22:59:59Z",
      "2026-03-29T21:59:59Z",
      "2026-03-29T22:00:00Z",
    ];
    const expected = [
      "2026-11-29",
      "2026-11-29",
      "2026-11-30",
      "2026-11-29",
      "2026-11-30",
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
    ];
    expect(around.map((at) => todayInZurich(new Date(at)))).toEqual(expected);
    // Asked twice in a row for each moment: the second answer comes from the first.
    expect(around.flatMap((at) => [todayInZurich(new Date(at)), todayInZurich(new Date(at))])).toEqual(
      expected.flatMap((d) => [d, d]),
    );
  });
});

describe("the calculation's date arithmetic (server/calc/dates.ts)", () => {
  it("finds the first of a month some months on, across year ends", () => {
    expect(firstOfMonthAfter("2026-03-15", 1)).toBe("2026-04-01");
    expect(firstOfMonthAfter("2025-12-31", 1)).toBe("2026-01-01");
    expect(firstOfMonthAfter("2026-01-01", 0)).toBe("2026-01-01");
    expect(firstOfMonthAfter("2026-11-30", 14)).toBe("2028-01-01");
    expect(firstOfMonthAfter("2026-02-28", -2)).toBe("2025-12-01");
  });

  it("adds months keeping the day, clamped to the month's end", () => {
    expect(addMonthsToDate("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsToDate("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsToDate("2025-11-30", 3)).toBe("2026-02-28");
  });
});

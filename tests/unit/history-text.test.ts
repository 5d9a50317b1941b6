import { describe, expect, it } from "vitest";
import { historiesText, historyFromText, VALUE_PART, VALUE_RECORD, type ValueParts } from "@/server/results/entry-rows";

const id = "01a22690-eb8b-73fb-bed3-2d8dc7a16ea4";

describe("the text of an employee's case values (entry-rows.ts)", () => {
  it("gives back every value in record order within its field, open-ended values without an end", () => {
    const values: ValueParts[] = [
      ["MonthlySalary", "6500.00", "2026-01-01", null, id],
      ["Street", `Rue de l'Île "B" \\ 3e; a,b | ✓`, "2026-01-01", "2026-06-30", id],
      ["MonthlySalary", "7000.00", "2026-04-01", null, id],
    ];
    const history = historyFromText(historiesText(values));
    expect(history.MonthlySalary!.map((v) => [v.value, v.start, v.end])).toEqual([
      ["6500.00", "2026-01-01", null],
      ["7000.00", "2026-04-01", null],
    ]);
    expect(history.MonthlySalary![0]!.createdAt.getTime()).toBeLessThan(history.MonthlySalary![1]!.createdAt.getTime());
    expect(history.Street!.map((v) => [v.value, v.end, v.caseChangeId])).toEqual([[values[1]![1], "2026-06-30", id]]);
    expect(historyFromText(null)).toEqual({});
  });

  it("refuses a record it cannot read rather than calculating with it", () => {
    const good = ["City", "Bern", "2026-01-01", "", id];
    expect(() => historyFromText(["City", `Be${VALUE_PART}rn`, "2026-01-01", "", id].join(VALUE_PART))).toThrow(
      /field "City" could not be read/,
    );
    expect(() =>
      historyFromText([...good.slice(0, 1), `Be${VALUE_RECORD}rn`, ...good.slice(2)].join(VALUE_PART)),
    ).toThrow(/could not be read/);
    expect(() => historyFromText(["City", "Bern", "01.01.2026", "", id].join(VALUE_PART))).toThrow(/could not be read/);
    expect(() => historyFromText(["City", "Bern", "2026-01-01", "", "x"].join(VALUE_PART))).toThrow(
      /could not be read/,
    );
    expect(historyFromText(good.join(VALUE_PART)).City![0]!.value).toBe("Bern");
    // A sixth part, a record cut short before the next one, an empty record at the end.
    expect(() => historyFromText([...good, "extra"].join(VALUE_PART))).toThrow(/field "City" could not be read/);
    expect(() =>
      historyFromText(
        [good.join(VALUE_PART), ["Zip", "3000", "2026-01-01", id].join(VALUE_PART), good.join(VALUE_PART)].join(
          VALUE_RECORD,
        ),
      ),
    ).toThrow(/field "Zip" could not be read/);
    expect(() => historyFromText(`${good.join(VALUE_PART)}${VALUE_RECORD}`)).toThrow(/could not be read/);
  });

  it("reads back any text without the separators, many records long", () => {
    const alphabet = ["a", "Z", "0", " ", "\\", '"', "'", ";", "|", ",", "é", "ß", "€", "✓", "😀", "\t", "N"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const text = () => Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join("");
    for (let round = 0; round < 200; round++) {
      const values: ValueParts[] = Array.from({ length: 1 + (next() % 15) }, (_, i) => [
        `Field${next() % 4}`,
        text(),
        `2026-0${1 + (i % 9)}-01`,
        next() % 2 ? null : "2026-12-31",
        id,
      ]);
      const history = historyFromText(historiesText(values));
      const read = Object.entries(history).flatMap(([field, list]) =>
        list.map((v) => [Number(v.id), field, v.value, v.start, v.end, v.caseChangeId] as const),
      );
      expect(read.sort((x, y) => x[0] - y[0]).map(([, ...rest]) => rest)).toEqual(values);
    }
  });
});

import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  buildAccountingJournal,
  type AccountingEntryInput,
  type AccountingJournal,
  type AccountingJournalInput,
  type JournalLineInput,
} from "@/server/accounting/journal";
import { loadAccountingInput } from "@/server/accounting/load";
import { caseValues, lookupValues, payrolls, payrunEntries, payrunPeriods, wageTypeAccounts } from "@/server/db/schema";
import type { TenantScope } from "@/server/db/tenant-scope";
import {
  allRegulations,
  defaultWageTypeAccounts,
  regulationByName,
  versionInForce,
} from "@/server/regulations/catalog";

/** The shipped CH wage types and the KMU chart, as a payroll starts with them (section 5 of the domain notes). */
const ch = versionInForce(regulationByName("CH")!, "2025-03-01")!;
const kmu = versionInForce(regulationByName("ChartOfAccountsKmu")!, "2025-03-01")!;
const accounts = Object.fromEntries(
  kmu.lookups.find((l) => l.name === "Accounts")!.values.map((v) => [v.key, v.value]),
);
const wageTypes = Object.fromEntries(ch.wageTypes.map((w) => [w.number, { kind: w.kind, name: w.name.de }]));
const mapping = defaultWageTypeAccounts(kmu, ch.wageTypes);

const line = (number: string, amount: number, retroPeriodStart: string | null = null): JournalLineInput => ({
  number,
  name: ch.wageTypes.find((w) => w.number === number)?.name.en ?? `Wage type ${number}`,
  amount,
  retro: retroPeriodStart !== null,
  retroPeriodStart,
});

/**
 * Anna: cost center 100, CHF 6,500 salary and a child allowance. Beat: split 60/40 between 100 and
 * 200, CHF 5,000 salary, and retro corrections of January that reduce his pay (salary -100.01).
 */
const anna: AccountingEntryInput = {
  employeeId: "a",
  costCenters: [{ costCenter: "100", weight: 100 }],
  lines: [
    line("1000", 650_000),
    line("3000", 21_500),
    line("5010", 34_450),
    line("5020", 7_150),
    line("6500", 608_400),
    line("8010", 34_450),
    line("8030", 7_800),
  ],
};
const beat: AccountingEntryInput = {
  employeeId: "b",
  costCenters: [
    { costCenter: "100", weight: 60 },
    { costCenter: "200", weight: 40 },
  ],
  lines: [
    line("1000", 500_000),
    line("5010", 26_500),
    line("6500", 473_500),
    line("8010", 26_500),
    line("1000", -10_001, "2025-01-01"),
    line("5010", -531, "2025-01-01"),
    line("6500", -9_470, "2025-01-01"),
  ],
};

const input = (overrides: Partial<AccountingJournalInput> = {}): AccountingJournalInput => ({
  period: { periodStart: "2025-03-01", periodEnd: "2025-03-31" },
  language: "de",
  template: { groupBy: ["account", "wageType", "costCenter"] },
  accounts,
  costCenters: { "100": "Verkauf", "200": "Produktion" },
  wageTypes,
  mapping,
  netPayment: { debit: "1091", credit: "1020" },
  entries: [anna, beat],
  ...overrides,
});

function journalOf(overrides: Partial<AccountingJournalInput> = {}): AccountingJournal {
  const result = buildAccountingJournal(input(overrides));
  if (!result.ok) throw new Error(JSON.stringify(result.unmapped));
  return result.journal;
}

/** [cost center, debit, credit, amount, wage type, text] per line, for compact expectations. */
const compact = (journal: AccountingJournal) =>
  journal.lines.map((l) => [
    l.costCenter ?? null,
    l.debitAccount,
    l.creditAccount,
    l.amount,
    l.wageTypeNumber ?? null,
    l.text,
  ]);

const without = <T>(record: Record<string, T>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** Credit minus debit movements of one account over the journal. */
const balanceOf = (journal: AccountingJournal, account: string) =>
  journal.lines.reduce(
    (sum, l) => sum + (l.creditAccount === account ? l.amount : 0) - (l.debitAccount === account ? l.amount : 0),
    0,
  );

describe("accounting journal by cost center", () => {
  const journal = journalOf();

  it("books every line as a double entry, split by cost center to the Rappen, retro reductions swapped", () => {
    expect(compact(journal)).toEqual([
      ["100", "5000", "1091", 950_000, "1000", "1000 Monatslohn"],
      // Beat's -100.01 split 60/40 by largest remainder: -60.01 and -40.00; negative swaps debit and credit.
      ["100", "1091", "5000", 6_001, "1000", "1000 Monatslohn, Korrektur 01.2025"],
      // Family allowance: a receivable from the FAK, not wage expense; paid out with the net wage.
      ["100", "2272", "1091", 21_500, "3000", "3000 Kinderzulage"],
      ["100", "1091", "1020", 21_500, "3000", "3000 Kinderzulage, Auszahlung"],
      ["100", "1091", "2270", 50_350, "5010", "5010 AHV/IV/EO Arbeitnehmende"],
      ["100", "2270", "1091", 319, "5010", "5010 AHV/IV/EO Arbeitnehmende, Korrektur 01.2025"],
      ["100", "1091", "2270", 7_150, "5020", "5020 ALV Arbeitnehmende"],
      // Net wage: the payment from the clearing account to the bank.
      ["100", "1091", "1020", 892_500, "6500", "6500 Nettolohn"],
      ["100", "1020", "1091", 5_682, "6500", "6500 Nettolohn, Korrektur 01.2025"],
      ["100", "5700", "2270", 50_350, "8010", "8010 AHV/IV/EO Arbeitgeber"],
      ["100", "5710", "2272", 7_800, "8030", "8030 FAK Arbeitgeber"],
      ["200", "5000", "1091", 200_000, "1000", "1000 Monatslohn"],
      ["200", "1091", "5000", 4_000, "1000", "1000 Monatslohn, Korrektur 01.2025"],
      ["200", "1091", "2270", 10_600, "5010", "5010 AHV/IV/EO Arbeitnehmende"],
      ["200", "2270", "1091", 212, "5010", "5010 AHV/IV/EO Arbeitnehmende, Korrektur 01.2025"],
      ["200", "1091", "1020", 189_400, "6500", "6500 Nettolohn"],
      ["200", "1020", "1091", 3_788, "6500", "6500 Nettolohn, Korrektur 01.2025"],
      ["200", "5700", "2270", 10_600, "8010", "8010 AHV/IV/EO Arbeitgeber"],
    ]);
  });

  it("names accounts and cost centers as the chart stands, marks retro and payout lines", () => {
    expect(journal.lines[1]).toEqual({
      debitAccount: "1091",
      debitAccountName: "Lohndurchlaufkonto",
      creditAccount: "5000",
      creditAccountName: "Löhne und Gehälter",
      amount: 6_001,
      wageTypeNumber: "1000",
      retroPeriodStart: "2025-01-01",
      text: "1000 Monatslohn, Korrektur 01.2025",
      costCenter: "100",
      costCenterName: "Verkauf",
    });
    expect(journal.lines[3]).toMatchObject({
      payout: true,
      debitAccountName: "Lohndurchlaufkonto",
      creditAccountName: "Bank",
    });
    expect(journal).toMatchObject({
      periodStart: "2025-03-01",
      periodEnd: "2025-03-31",
      date: "2025-03-31",
      reference: "PR-2025-03",
      groupBy: ["account", "wageType", "costCenter"],
    });
  });

  it("balances: total debit equals total credit, and the clearing account is emptied by the payments", () => {
    expect(journal.totals).toEqual({ debit: 2_431_752, credit: 2_431_752 });
    expect(journal.lines.reduce((s, l) => s + l.amount, 0)).toBe(2_431_752);
    expect(balanceOf(journal, "1091")).toBe(0);
    // What goes to the bank is the payable amount: net wages plus the allowance, less the retro reduction.
    expect(balanceOf(journal, "1020")).toBe(608_400 + 21_500 + 473_500 - 9_470);
  });

  it("keeps every wage type's amount whole across the cost center split", () => {
    const signed = (j: AccountingJournal, number: string, retro: boolean) =>
      j.lines
        .filter((l) => l.wageTypeNumber === number && !!l.retroPeriodStart === retro && !l.payout)
        .reduce((s, l) => s + (l.creditAccount === "1091" || l.debitAccount === "1091" ? l.amount : 0), 0);
    const standard = journalOf({ template: { groupBy: ["account", "wageType"] } });
    for (const number of ["1000", "5010", "6500", "8010"]) {
      for (const retro of [false, true]) expect(signed(journal, number, retro)).toBe(signed(standard, number, retro));
    }
    expect(standard.totals.debit).toBe(journal.totals.debit);
  });

  it("books a line without cost center in its own group, listed last", () => {
    const noCostCenter: AccountingEntryInput = {
      employeeId: "c",
      costCenters: [],
      lines: [line("1000", 100_000), line("6500", 100_000)],
    };
    const j = journalOf({ entries: [anna, noCostCenter] });
    expect(
      j.lines.filter((l) => l.costCenter === undefined).map((l) => [l.debitAccount, l.creditAccount, l.amount]),
    ).toEqual([
      ["5000", "1091", 100_000],
      ["1091", "1020", 100_000],
    ]);
    expect(j.lines.at(-1)!.costCenter).toBeUndefined();
  });
});

describe("accounting journal, standard template", () => {
  it("aggregates per wage type and account pair without cost centers", () => {
    const journal = journalOf({ template: { groupBy: ["account", "wageType"] } });
    expect(compact(journal)).toEqual([
      [null, "5000", "1091", 1_150_000, "1000", "1000 Monatslohn"],
      [null, "1091", "5000", 10_001, "1000", "1000 Monatslohn, Korrektur 01.2025"],
      [null, "2272", "1091", 21_500, "3000", "3000 Kinderzulage"],
      [null, "1091", "1020", 21_500, "3000", "3000 Kinderzulage, Auszahlung"],
      [null, "1091", "2270", 60_950, "5010", "5010 AHV/IV/EO Arbeitnehmende"],
      [null, "2270", "1091", 531, "5010", "5010 AHV/IV/EO Arbeitnehmende, Korrektur 01.2025"],
      [null, "1091", "2270", 7_150, "5020", "5020 ALV Arbeitnehmende"],
      [null, "1091", "1020", 1_081_900, "6500", "6500 Nettolohn"],
      [null, "1020", "1091", 9_470, "6500", "6500 Nettolohn, Korrektur 01.2025"],
      [null, "5700", "2270", 60_950, "8010", "8010 AHV/IV/EO Arbeitgeber"],
      [null, "5710", "2272", 7_800, "8030", "8030 FAK Arbeitgeber"],
    ]);
    expect(journal.totals).toEqual({ debit: 2_431_752, credit: 2_431_752 });
  });

  it("by account only: one line per account pair, signed amounts netted before the swap", () => {
    const journal = journalOf({ template: { groupBy: ["account"] }, language: "fr" });
    expect(journal.lines.find((l) => l.debitAccount === "5000")).toMatchObject({
      creditAccount: "1091",
      amount: 1_150_000 - 10_001,
      text: "Comptabilisation des salaires 03.2025",
    });
    expect(journal.lines.find((l) => l.debitAccount === "1091" && l.creditAccount === "1020")!.amount).toBe(
      1_081_900 - 9_470 + 21_500,
    );
    expect(journal.lines.some((l) => l.wageTypeNumber !== undefined || l.costCenter !== undefined)).toBe(false);
    expect(journal.totals.debit).toBe(journal.totals.credit);
  });

  it("uses the payroll's own mapping of the net wage when there is one, and renumbered accounts", () => {
    const journal = journalOf({
      template: { groupBy: ["account", "wageType"] },
      accounts: { ...accounts, "1021": "Bank 2" },
      mapping: { ...mapping, "6500": { debit: "1091", credit: "1021" } },
      entries: [anna],
    });
    expect(journal.lines.find((l) => l.wageTypeNumber === "6500")).toMatchObject({
      debitAccount: "1091",
      creditAccount: "1021",
      creditAccountName: "Bank 2",
    });
    // The allowance's payout still goes through the net payment accounts.
    expect(journal.lines.find((l) => l.payout)).toMatchObject({ debitAccount: "1091", creditAccount: "1020" });
  });

  it("leaves out zero lines and gives an empty, balanced journal for no entries", () => {
    const journal = journalOf({ entries: [{ employeeId: "z", costCenters: [], lines: [line("6500", 0)] }] });
    expect(journal.lines).toEqual([]);
    expect(journal.totals).toEqual({ debit: 0, credit: 0 });
  });
});

describe("unmapped wage types", () => {
  it("lists every wage type without accounts instead of dropping it", () => {
    const withoutAhv = without(mapping, "5010");
    const other: AccountingEntryInput = {
      employeeId: "c",
      costCenters: [],
      lines: [line("9100", 12_345), line("5010", 1_000)],
    };
    const result = buildAccountingJournal(input({ mapping: withoutAhv, entries: [anna, beat, other] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unmapped.map((u) => [u.wageTypeNumber, u.name, u.amount, u.employees, u.reason])).toEqual([
      ["5010", "AHV/IV/EO Arbeitnehmende", 34_450 + 26_500 - 531 + 1_000, 3, "noMapping"],
      ["9100", "Wage type 9100", 12_345, 1, "noMapping"],
    ]);
    expect(result.unmapped[0]!.message).toMatch(/5010 AHV\/IV\/EO Arbeitnehmende has no debit and credit account/);
  });

  it("lists the net wage and the payouts when no payment accounts are known", () => {
    const result = buildAccountingJournal(input({ netPayment: null, entries: [anna] }));
    expect(result.ok ? [] : result.unmapped.map((u) => [u.wageTypeNumber, u.reason, u.amount])).toEqual([
      ["3000", "noPaymentAccounts", 21_500],
      ["6500", "noPaymentAccounts", 608_400],
    ]);
  });

  it("lists a wage type whose accounts are not in the chart", () => {
    const withoutFak = without(accounts, "2272");
    const result = buildAccountingJournal(input({ accounts: withoutFak, entries: [anna] }));
    expect(result.ok ? [] : result.unmapped.map((u) => [u.wageTypeNumber, u.reason, u.accounts])).toEqual([
      ["3000", "unknownAccount", ["2272"]],
      ["8030", "unknownAccount", ["2272"]],
    ]);
  });
});

describe("cost center split property", () => {
  it("split amounts always sum to the line, for any weights and signs", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let round = 0; round < 200; round++) {
      const weights = [1 + (next() % 97), 1 + (next() % 13), next() % 3 === 0 ? 0 : 1 + (next() % 50)];
      const amount = (next() % 2 ? -1 : 1) * (1 + (next() % 1_000_000));
      const entry: AccountingEntryInput = {
        employeeId: "p",
        costCenters: weights.map((weight, i) => ({ costCenter: `${i + 1}`, weight })),
        lines: [line("1000", amount)],
      };
      const journal = journalOf({ entries: [entry] });
      const signedSum = journal.lines.reduce((s, l) => s + (l.debitAccount === "5000" ? l.amount : -l.amount), 0);
      expect(signedSum).toBe(amount);
      expect(journal.totals.debit).toBe(Math.abs(amount));
    }
  });
});

describe("loadAccountingInput (through a scope fake)", () => {
  const dialect = new PgDialect();
  const date = (iso: string) => new Date(`${iso}T12:00:00Z`);
  const payroll = {
    id: "p",
    tenantId: "t",
    divisionId: "d",
    name: "Muster AG",
    accountingStartDate: "2025-01-01",
    transmissionStartDate: null,
    documentLanguage: "en",
    countryRegulation: "CH",
    industries: [],
    accountingDocument: "AccountingJournalByCostCenter",
    accountingData: "ChartOfAccountsKmu",
    version: 1,
    createdAt: date("2025-01-01"),
    updatedAt: date("2025-01-01"),
  } as unknown as typeof payrolls.$inferSelect;
  const period = {
    id: "march",
    tenantId: "t",
    payrollId: "p",
    periodStart: "2025-03-01",
    periodEnd: "2025-03-31",
    status: "closed",
    closedAt: date("2025-04-02"),
    createdAt: date("2025-03-01"),
  } as unknown as typeof payrunPeriods.$inferSelect;
  const lookup = (
    id: string,
    lookupName: string,
    regulationName: string,
    key: string,
    value: string,
    displayName: Record<string, string> | null = null,
  ) => ({ id, payrollId: "p", lookupName, regulationName, key, value, displayName });
  const accountRows = [
    lookup("a5000", "Accounts", "ChartOfAccountsKmu", "5000", "Löhne und Gehälter", {
      de: "Löhne und Gehälter",
      en: "Wages and salaries",
    }),
    // Renamed by the client without new display names: the new name shows.
    lookup("a1091", "Accounts", "ChartOfAccountsKmu", "1091", "Transferkonto Löhne", {
      de: "Lohndurchlaufkonto",
      en: "Salary clearing account",
    }),
    // Renumbered by the client: the mapping (by id) follows.
    lookup("a1020", "Accounts", "ChartOfAccountsKmu", "1025", "Bank", { de: "Bank", en: "Bank" }),
    lookup("a2270", "Accounts", "ChartOfAccountsKmu", "2270", "Sozialversicherungen", null),
    lookup("c100", "CostCenters", "CH", "100", "Verkauf"),
  ];
  const value = (employeeId: string, costCenter: string, start: string, recorded: string) => ({
    id: `${employeeId}-${costCenter}`,
    employeeId,
    fieldName: "CostCenter",
    value: costCenter,
    start,
    end: null,
    createdAt: date(recorded),
  });
  const e1Lines = [
    line("1000", 500_000),
    line("5010", 26_500),
    line("6500", 473_500),
    line("1000", -1_000, "2024-12-01"),
  ];
  const tables = new Map<unknown, unknown[]>([
    [payrunEntries, [{ employeeId: "e1", lines: e1Lines }]],
    [caseValues, [value("e1", "100", "2025-01-01", "2025-01-01"), value("e1", "200", "2025-03-01", "2025-04-05")]],
  ]);
  const scopeWith = (mappingRows: { wageTypeNumber: string; debitAccountId: string; creditAccountId: string }[]) =>
    ({
      rows: async (table: unknown, condition?: SQL) => {
        if (table === wageTypeAccounts) return mappingRows;
        if (table !== lookupValues) return tables.get(table) ?? [];
        const { params } = dialect.sqlToQuery(condition!);
        return accountRows.filter((row) => params.includes(row.lookupName) && params.includes(row.regulationName));
      },
    }) as unknown as TenantScope;
  const regulations = new Map(allRegulations().map((r) => [r.name, r]));

  it("reads accounts as they stand now, the mapping by account id, kinds, template and the cost center known at close", async () => {
    const loaded = await loadAccountingInput(
      scopeWith([{ wageTypeNumber: "1000", debitAccountId: "a5000", creditAccountId: "a1091" }]),
      payroll,
      period,
      regulations,
    );
    expect(loaded.template).toEqual({ groupBy: ["account", "wageType", "costCenter"] });
    expect(loaded.language).toBe("en");
    expect(loaded.accounts).toEqual({
      "5000": "Wages and salaries",
      "1091": "Transferkonto Löhne",
      "1025": "Bank",
      "2270": "Sozialversicherungen",
    });
    expect(loaded.costCenters).toEqual({ "100": "Verkauf" });
    expect(loaded.mapping).toEqual({ "1000": { debit: "5000", credit: "1091" } });
    expect(loaded.wageTypes["6500"]).toEqual({ kind: "net", name: "Net wage" });
    expect(loaded.entries).toEqual([
      { employeeId: "e1", lines: e1Lines, costCenters: [{ costCenter: "100", weight: 1 }] },
    ]);
    // The chart's bank account 1020 was renumbered and 6500 is not mapped: no payment accounts.
    expect(loaded.netPayment).toBeNull();
    const result = buildAccountingJournal(loaded);
    expect(result.ok ? [] : result.unmapped.map((u) => [u.wageTypeNumber, u.reason])).toEqual([
      ["5010", "noMapping"],
      ["6500", "noPaymentAccounts"],
    ]);
  });

  it("takes the client's mapping of the net wage as the payment", async () => {
    const loaded = await loadAccountingInput(
      scopeWith([
        { wageTypeNumber: "1000", debitAccountId: "a5000", creditAccountId: "a1091" },
        { wageTypeNumber: "5010", debitAccountId: "a1091", creditAccountId: "a2270" },
        { wageTypeNumber: "6500", debitAccountId: "a1091", creditAccountId: "a1020" },
      ]),
      payroll,
      period,
      regulations,
      "de",
    );
    expect(loaded.netPayment).toEqual({ debit: "1091", credit: "1025" });
    const result = buildAccountingJournal(loaded);
    expect(
      result.ok && result.journal.lines.map((l) => [l.costCenter, l.debitAccount, l.creditAccount, l.amount, l.text]),
    ).toEqual([
      ["100", "5000", "1091", 500_000, "1000 Monatslohn"],
      ["100", "1091", "5000", 1_000, "1000 Monatslohn, Korrektur 12.2024"],
      ["100", "1091", "2270", 26_500, "5010 AHV/IV/EO Arbeitnehmende"],
      ["100", "1091", "1025", 473_500, "6500 Nettolohn"],
    ]);
  });
});

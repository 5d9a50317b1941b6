import fc from "fast-check";
import { composeIBAN } from "ibantools";
import { describe, expect, it } from "vitest";
import { convert, create } from "xmlbuilder2";
import {
  checkSalaryIban,
  formatIban,
  institutionIdOfIban,
  isQrIban,
  isValidIban,
  normalizeIban,
} from "@/server/payouts/iban";
import {
  type Pain001Input,
  type Pain001Payment,
  Pain001InputError,
  buildPain001,
  cutToLength,
  isReference,
  isSpsText,
  toReference,
  toSpsText,
} from "@/server/payouts/pain001";
import { validatePain001 } from "../fixtures/pain001/validate";

type Obj = Record<string, any>;

const COMPANY_IBAN = "CH93 0076 2011 6238 5295 7";
const QR_IBAN = "CH44 3199 9123 0008 8901 2";

/** A valid Swiss IBAN for employee number n (bank 00762, account n), check digits by ibantools. */
function ibanOf(n: number): string {
  const iban = composeIBAN({ countryCode: "CH", bban: `00762${String(n).padStart(12, "0")}` });
  if (!iban) throw new Error(`no IBAN for ${n}`);
  return iban;
}

function payment(n: number, overrides: Partial<Pain001Payment> = {}): Pain001Payment {
  return {
    executionDate: "2026-11-25",
    endToEndId: `PAY 2026 11 E${n}`,
    amount: 500_000 + n,
    currency: "CHF",
    creditor: {
      name: `Anna Muster ${n}`,
      address: { street: "Bahnhofstrasse", buildingNumber: String(n), postCode: "8001", town: "Zürich", country: "CH" },
    },
    creditorIban: ibanOf(n),
    remittance: "Lohn November 2026",
    ...overrides,
  };
}

function fileInput(payments: Pain001Payment[], overrides: Partial<Pain001Input> = {}): Pain001Input {
  return {
    messageId: "P20261123 7f3a9c2e41b04d1c",
    createdAt: new Date("2026-11-23T08:15:30.123Z"),
    initiatingParty: { name: "Muster AG", software: { name: "Swiss Payroll", version: "0.1.0" } },
    debtor: {
      name: "Muster AG",
      address: { street: "Bahnhofstrasse", buildingNumber: "1", postCode: "8001", town: "Zürich", country: "CH" },
      iban: COMPANY_IBAN,
    },
    payments,
    ...overrides,
  };
}

/** xmlbuilder2's object form keeps &, < and > escaped (it is meant to be serialized again): undo that to read the text. */
function unescaped(value: unknown): any {
  if (typeof value === "string") return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  if (Array.isArray(value)) return value.map(unescaped);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unescaped(v)]));
  return value;
}

function read(xml: string) {
  const doc = unescaped(convert(xml, { format: "object" })) as Obj;
  const root = doc.Document.CstmrCdtTrfInitn;
  const blocks: Obj[] = [root.PmtInf].flat();
  const transactions = (block: Obj): Obj[] => [block.CdtTrfTxInf].flat();
  return { doc, header: root.GrpHdr as Obj, blocks, transactions, all: blocks.flatMap(transactions) };
}

/** Sums decimal strings with two places exactly (via Rappen in bigint). */
function sumOf(amounts: string[]): string {
  let total = 0n;
  for (const amount of amounts) {
    expect(amount).toMatch(/^\d+\.\d{2}$/);
    total += BigInt(amount.replace(".", ""));
  }
  return `${total / 100n}.${(total % 100n).toString().padStart(2, "0")}`;
}

function rappenOf(amount: Pain001Payment["amount"]): bigint {
  return typeof amount === "number"
    ? BigInt(amount)
    : BigInt(amount.includes(".") ? amount.split(".")[0]! + amount.split(".")[1]!.padEnd(2, "0") : `${amount}00`);
}

function chf(rappen: bigint): string {
  return `${rappen / 100n}.${(rappen % 100n).toString().padStart(2, "0")}`;
}

/** The builder writes its text itself: it must be what xmlbuilder2 writes for the same tree, byte for byte (escaping included). */
function expectSameAsXmlbuilder2(xml: string) {
  expect(create(xml).end({ prettyPrint: true, indent: "  " })).toBe(xml);
}

/** Checks what the XSD cannot: counts and sums at both levels against the input, and no empty elements. */
function expectConsistent(xml: string, payments: Pain001Payment[]) {
  const { header, blocks, transactions, all } = read(xml);
  expect(Number(header.NbOfTxs)).toBe(payments.length);
  expect(all).toHaveLength(payments.length);
  expect(header.CtrlSum).toBe(chf(payments.reduce((sum, p) => sum + rappenOf(p.amount), 0n)));
  expect(sumOf(all.map((tx) => tx.Amt.InstdAmt["#"]))).toBe(header.CtrlSum);
  const dates = [...new Set(payments.map((p) => p.executionDate))].sort();
  expect(blocks.map((b) => b.ReqdExctnDt.Dt)).toEqual(dates);
  for (const block of blocks) {
    const mine = payments.filter((p) => p.executionDate === block.ReqdExctnDt.Dt);
    expect(Number(block.NbOfTxs)).toBe(mine.length);
    expect(transactions(block)).toHaveLength(mine.length);
    expect(block.CtrlSum).toBe(chf(mine.reduce((sum, p) => sum + rappenOf(p.amount), 0n)));
    expect(sumOf(transactions(block).map((tx) => tx.Amt.InstdAmt["#"]))).toBe(block.CtrlSum);
    expect(block.BtchBookg).toBe("true");
    expect(block.PmtMtd).toBe("TRF");
    expect(block.PmtTpInf.CtgyPurp.Cd).toBe("SALA");
  }
  expect(new Set(blocks.map((b) => b.PmtInfId)).size).toBe(blocks.length);
  expect(xml).not.toMatch(/<([A-Za-z]+)(?:\s[^>]*)?>\s*<\/\1>/);
  expect(xml).not.toMatch(/<[A-Za-z]+(?:\s[^>]*)?\/>/);
  expect(xml).not.toContain("AdrLine");
}

describe("pain.001.001.09.ch.03 salary file", () => {
  it("an ordinary file validates against the SPS schema and carries the salary profile", async () => {
    const payments = [
      payment(1),
      payment(2, { instructionId: "I2", amount: "6500.05" }),
      payment(3, { remittance: null }),
    ];
    const file = buildPain001(fileInput(payments));
    const result = await validatePain001(file.xml);
    expect(result.messages).toEqual([]);
    expect(result.valid).toBe(true);
    expectConsistent(file.xml, payments);
    expectSameAsXmlbuilder2(file.xml);

    const { header, blocks, all } = read(file.xml);
    expect(file.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(header.MsgId).toBe("P20261123 7f3a9c2e41b04d1c");
    expect(header.CreDtTm).toBe("2026-11-23T08:15:30Z");
    expect(header.CtrlSum).toBe("16500.09");
    expect(header.InitgPty.Nm).toBe("Muster AG");
    expect(header.InitgPty.CtctDtls.Othr).toEqual([
      { ChanlTp: "NAME", Id: "Swiss Payroll" },
      { ChanlTp: "VRSN", Id: "0.1.0" },
    ]);
    const [block] = blocks;
    expect(block!.PmtInfId).toBe("P20261123 7f3a9c2e41b04d1c 20261125");
    expect(block!.Dbtr).toEqual({
      Nm: "Muster AG",
      PstlAdr: { StrtNm: "Bahnhofstrasse", BldgNb: "1", PstCd: "8001", TwnNm: "Zürich", Ctry: "CH" },
    });
    expect(block!.DbtrAcct.Id.IBAN).toBe("CH9300762011623852957");
    expect(block!.DbtrAgt.FinInstnId.ClrSysMmbId).toEqual({ ClrSysId: { Cd: "CHBCC" }, MmbId: "00762" });
    expect(all[0]!.PmtId).toEqual({ EndToEndId: "PAY 2026 11 E1" });
    expect(all[1]!.PmtId).toEqual({ InstrId: "I2", EndToEndId: "PAY 2026 11 E2" });
    expect(all[1]!.Amt.InstdAmt).toEqual({ "@Ccy": "CHF", "#": "6500.05" });
    expect(all[0]!.Cdtr.PstlAdr).toEqual({
      StrtNm: "Bahnhofstrasse",
      BldgNb: "1",
      PstCd: "8001",
      TwnNm: "Zürich",
      Ctry: "CH",
    });
    expect(all[0]!.CdtrAcct.Id.IBAN).toBe(ibanOf(1));
    expect(all[0]!.RmtInf.Ustrd).toBe("Lohn November 2026");
    expect(all[2]!.RmtInf).toBeUndefined();
    expect(file.batches).toEqual([
      {
        paymentInformationId: "P20261123 7f3a9c2e41b04d1c 20261125",
        executionDate: "2026-11-25",
        numberOfTransactions: 3,
        totalRappen: 1_650_009,
        controlSum: "16500.09",
      },
    ]);
    expect(file).toMatchObject({
      contentType: "application/xml",
      messageId: "P20261123 7f3a9c2e41b04d1c",
      numberOfTransactions: 3,
      totalRappen: 1_650_009,
      controlSum: "16500.09",
    });
    expect(Buffer.from(file.bytes).toString("utf8")).toBe(file.xml);
  });

  it("a debtor with a BIC names its bank by BIC; optional address parts and software are omitted when empty", async () => {
    const payments = [
      payment(1, {
        creditor: {
          name: "Luca Rossi",
          address: { street: "  ", buildingNumber: null, town: "Lugano", country: "ch" },
        },
      }),
    ];
    const input = fileInput(payments, {
      initiatingParty: { name: "Muster AG" },
      debtor: {
        name: "Muster AG",
        address: { town: "Vaduz", country: "LI" },
        iban: "LI21 0881 0000 2324 013A A",
        bic: "ubswchzh80a",
      },
    });
    const file = buildPain001(input);
    expect((await validatePain001(file.xml)).messages).toEqual([]);
    const { header, blocks, all } = read(file.xml);
    expect(header.InitgPty).toEqual({ Nm: "Muster AG" });
    expect(blocks[0]!.DbtrAgt.FinInstnId).toEqual({ BICFI: "UBSWCHZH80A" });
    expect(blocks[0]!.Dbtr.PstlAdr).toEqual({ TwnNm: "Vaduz", Ctry: "LI" });
    expect(all[0]!.Cdtr.PstlAdr).toEqual({ TwnNm: "Lugano", Ctry: "CH" });
    expectConsistent(file.xml, payments);
    expectSameAsXmlbuilder2(file.xml);
  });

  it("hostile names are written in the SPS character set, escaped, cut, and still validate", async () => {
    const hostile = [
      "Jürg Müller-Lüdenscheid",
      "Łukasz Żółć",
      "Søren Ørsted",
      "Ada 😀🇨🇭👩‍👩‍👧 Lovelace",
      `O'Brien & <Partner> "AG"`,
      "N".repeat(140),
      "王小明",
      "Mallory \u202Egnp.exe\u202C Evil",
      "Tab\tNew\nLine\r\u00a0NBSP\u2003Em\u3000Ideo\u2028Sep \u200bzero\u00adsoft",
      "Ṣtrange ﬁnance Ｆｕｌｌ ẞtraße ſchön Ștefan Țară €uro",
      "a\u0308bc",
      "Юлия Ἀθηνᾶ",
    ];
    const payments = hostile.map((name, n) =>
      payment(n, {
        creditor: {
          name,
          address: {
            street: `${name} Strasse`,
            buildingNumber: "12a",
            postCode: "8001",
            town: `${name} Stadt`,
            country: "CH",
          },
        },
        remittance: `Lohn ${name}`,
      }),
    );
    const file = buildPain001(
      fileInput(payments, { debtor: { ...fileInput([]).debtor, name: "Firma & Söhne <AG> 🏦" } }),
    );
    const result = await validatePain001(file.xml);
    expect(result.messages).toEqual([]);
    expect(result.valid).toBe(true);
    expectConsistent(file.xml, payments);
    expectSameAsXmlbuilder2(file.xml);

    const names = read(file.xml).all.map((tx) => tx.Cdtr.Nm as string);
    expect(names).toEqual([
      "Jürg Müller-Lüdenscheid",
      "Łukasz Żółć",
      "Søren Ørsted",
      "Ada Lovelace",
      `O'Brien & <Partner> "AG"`,
      "N".repeat(70),
      "WangXiaoMing",
      "Mallory gnp.exe Evil",
      "Tab New Line NBSP Em Ideo Sep zerosoft",
      "Strange finance Full Sstraße ſchön Ștefan Țară €uro",
      "äbc",
      "Yuliya Athina",
    ]);
    for (const name of names) expect(isSpsText(name)).toBe(true);
    expect(file.xml).toContain('O\'Brien &amp; &lt;Partner&gt; "AG"');
    expect(read(file.xml).blocks[0]!.Dbtr.Nm).toBe("Firma & Söhne <AG>");
    const towns = read(file.xml).all.map((tx) => tx.Cdtr.PstlAdr.TwnNm as string);
    for (const town of towns) expect(Array.from(town).length).toBeLessThanOrEqual(35);
    expect(towns[5]).toBe("N".repeat(35));
  });

  it("one B-level block per execution date, ascending, each with its own count and sum", async () => {
    const dates = ["2026-12-23", "2026-11-25", "2026-11-25", "2026-12-01", "2026-12-23", "2026-11-25"];
    const payments = dates.map((executionDate, n) =>
      payment(n, { executionDate, amount: n % 2 ? `${1000 + n}.${n}5` : 123_456 + n }),
    );
    const file = buildPain001(fileInput(payments));
    expect((await validatePain001(file.xml)).messages).toEqual([]);
    expectConsistent(file.xml, payments);
    expectSameAsXmlbuilder2(file.xml);
    expect(file.batches.map((b) => [b.executionDate, b.numberOfTransactions, b.controlSum])).toEqual([
      ["2026-11-25", 3, chf(100_115n + 123_458n + 100_555n)],
      ["2026-12-01", 1, "1003.35"],
      ["2026-12-23", 2, chf(123_456n + 123_460n)],
    ]);
    expect(read(file.xml).blocks.map((b) => b.PmtInfId)).toEqual([
      "P20261123 7f3a9c2e41b04d1c 20261125",
      "P20261123 7f3a9c2e41b04d1c 20261201",
      "P20261123 7f3a9c2e41b04d1c 20261223",
    ]);
    expect(
      read(file.xml)
        .transactions(read(file.xml).blocks[0]!)
        .map((tx) => tx.PmtId.EndToEndId),
    ).toEqual(["PAY 2026 11 E1", "PAY 2026 11 E2", "PAY 2026 11 E5"]);
  });

  it("1 payment and 10,000 payments validate and add up", async () => {
    for (const count of [1, 10_000]) {
      const payments = Array.from({ length: count }, (_, n) =>
        payment(n, { amount: 1 + ((n * 7_919) % 2_000_000), executionDate: n % 3 ? "2026-11-25" : "2026-11-26" }),
      );
      const file = buildPain001(fileInput(payments));
      const result = await validatePain001(file.xml);
      expect(result.messages).toEqual([]);
      expect(result.valid).toBe(true);
      expectConsistent(file.xml, payments);
      expect(file.numberOfTransactions).toBe(count);
    }
  }, 120_000);

  it("the same input gives the same bytes", () => {
    const payments = Array.from({ length: 50 }, (_, n) =>
      payment(n, {
        executionDate: n % 2 ? "2026-11-25" : "2026-11-24",
        creditor: { name: `Zoë 😀 ${n}`, address: { town: "Genève", country: "CH" } },
      }),
    );
    const a = buildPain001(fileInput(payments));
    const b = buildPain001(structuredClone(fileInput(payments)));
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const c = buildPain001(fileInput(payments, { createdAt: "2026-11-23T08:15:30Z" }));
    expect(Buffer.from(c.bytes).equals(Buffer.from(a.bytes))).toBe(true);
  });

  it("property: for random names, amounts and dates every file validates and its sums agree with the input", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 150 }),
      fc.string({ unit: "grapheme", maxLength: 80 }),
      fc
        .array(
          fc.constantFrom(
            "Müller",
            "Ł",
            "Ø",
            "😀",
            "&",
            "<",
            ">",
            '"',
            "'",
            "\u202e",
            "\t",
            "王",
            "ſ",
            " ",
            "ẞ",
            "\u0301",
            "A",
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join("")),
    );
    const amount = fc.oneof(
      fc.integer({ min: 1, max: 99_999_999_999 }),
      fc
        .tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom(0, 1, 2))
        .map(([f, c, places]) =>
          places === 2 ? `${f}.${String(c).padStart(2, "0")}` : places === 1 ? `${f}.${c % 10}` : `${f}`,
        )
        .filter((text) => rappenOf(text) > 0n),
    );
    const row = fc.record({ name: text, town: text, street: text, amount, day: fc.integer({ min: 1, max: 4 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 30 }), async (rows) => {
        const payments = rows.map((r, n) =>
          payment(n, {
            amount: r.amount,
            executionDate: `2026-12-0${r.day}`,
            creditor: { name: r.name, address: { street: r.street, town: r.town, country: "CH" } },
            remittance: r.street,
          }),
        );
        const emptyName = rows.findIndex((r) => toSpsText(r.name, 70) === "");
        const emptyTown = rows.findIndex((r) => toSpsText(r.town, 35) === "");
        if (emptyName >= 0 || emptyTown >= 0) {
          const error = (() => {
            try {
              buildPain001(fileInput(payments));
            } catch (e) {
              return e;
            }
          })();
          expect(error).toBeInstanceOf(Pain001InputError);
          expect(["pain001.missing_name", "pain001.missing_town"]).toContain((error as Pain001InputError).code);
          return;
        }
        const file = buildPain001(fileInput(payments));
        const result = await validatePain001(file.xml);
        expect(result.messages).toEqual([]);
        expectConsistent(file.xml, payments);
        expectSameAsXmlbuilder2(file.xml);
        for (const tx of read(file.xml).all) {
          expect(isSpsText(String(tx.Cdtr.Nm))).toBe(true);
          expect(Array.from(String(tx.Cdtr.Nm)).length).toBeLessThanOrEqual(70);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe("the builder refuses what a bank would reject, naming the payment", () => {
  function refusal(input: Pain001Input): Pain001InputError {
    try {
      buildPain001(input);
    } catch (error) {
      if (error instanceof Pain001InputError) return error;
      throw error;
    }
    throw new Error("the builder accepted the input");
  }

  it("an invalid creditor IBAN", () => {
    const error = refusal(fileInput([payment(1), payment(2, { creditorIban: "CH93 0076 2011 6238 5295 8" })]));
    expect(error.code).toBe("pain001.invalid_iban");
    expect(error.path).toBe("payments[1].creditorIban");
    expect(error.payment).toEqual({ index: 1, endToEndId: "PAY 2026 11 E2" });
    expect(error.message).toContain("PAY 2026 11 E2");
  });

  it("a QR-IBAN as creditor account", () => {
    const error = refusal(fileInput([payment(1, { creditorIban: QR_IBAN })]));
    expect(error.code).toBe("pain001.qr_iban");
    expect(error.path).toBe("payments[0].creditorIban");
    expect(error.payment).toEqual({ index: 0, endToEndId: "PAY 2026 11 E1" });
  });

  it("a QR-IBAN or an invalid IBAN as the company's account, a foreign account without BIC, an invalid BIC", () => {
    expect(refusal(fileInput([payment(1)], { debtor: { ...fileInput([]).debtor, iban: QR_IBAN } }))).toMatchObject({
      code: "pain001.qr_iban",
      path: "debtor.iban",
    });
    expect(refusal(fileInput([payment(1)], { debtor: { ...fileInput([]).debtor, iban: "CH00 0000" } }))).toMatchObject({
      code: "pain001.invalid_iban",
      path: "debtor.iban",
    });
    expect(
      refusal(fileInput([payment(1)], { debtor: { ...fileInput([]).debtor, iban: "DE89 3704 0044 0532 0130 00" } })),
    ).toMatchObject({ code: "pain001.missing_bank", path: "debtor.bic" });
    expect(refusal(fileInput([payment(1)], { debtor: { ...fileInput([]).debtor, bic: "NOT A BIC" } }))).toMatchObject({
      code: "pain001.invalid_bic",
      path: "debtor.bic",
    });
  });

  it("amounts that are floats, zero, negative or with more than two decimals", () => {
    for (const amount of [1234.5, 0, -100, "0.00", "12.345", "-5.00", "1e3", "12,50"]) {
      expect(refusal(fileInput([payment(1, { amount })]))).toMatchObject({
        code: "pain001.invalid_amount",
        path: "payments[0].amount",
      });
    }
  });

  it("references outside A-Z a-z 0-9 and space, longer than 35, or used twice", () => {
    expect(refusal(fileInput([payment(1)], { messageId: "MSG-2026/11" }))).toMatchObject({
      code: "pain001.invalid_reference",
      path: "messageId",
    });
    expect(refusal(fileInput([payment(1, { endToEndId: "E".repeat(36) })]))).toMatchObject({
      code: "pain001.invalid_reference",
      path: "payments[0].endToEndId",
    });
    expect(refusal(fileInput([payment(1, { endToEndId: "Lohn Müller" })]))).toMatchObject({
      code: "pain001.invalid_reference",
    });
    expect(refusal(fileInput([payment(1, { instructionId: " I1" })]))).toMatchObject({
      code: "pain001.invalid_reference",
      path: "payments[0].instructionId",
    });
    expect(refusal(fileInput([payment(1), payment(2, { endToEndId: "PAY 2026 11 E1" })]))).toMatchObject({
      code: "pain001.duplicate_reference",
      path: "payments[1].endToEndId",
    });
    expect(refusal(fileInput([payment(1, { instructionId: "A" }), payment(2, { instructionId: "A" })]))).toMatchObject({
      code: "pain001.duplicate_reference",
      path: "payments[1].instructionId",
    });
  });

  it("addresses without town or country, names with nothing printable, bad dates, other currencies, no payments", () => {
    expect(
      refusal(fileInput([payment(1, { creditor: { name: "A", address: { town: " 😀 ", country: "CH" } } })])),
    ).toMatchObject({ code: "pain001.missing_town", path: "payments[0].creditor.address.town" });
    expect(
      refusal(fileInput([payment(1, { creditor: { name: "A", address: { town: "Bern", country: "Schweiz" } } })])),
    ).toMatchObject({ code: "pain001.invalid_country" });
    expect(
      refusal(fileInput([payment(1, { creditor: { name: "\u202e😀", address: { town: "Bern", country: "CH" } } })])),
    ).toMatchObject({ code: "pain001.missing_name", path: "payments[0].creditor.name" });
    expect(
      refusal(fileInput([payment(1)], { debtor: { ...fileInput([]).debtor, address: { town: "", country: "CH" } } })),
    ).toMatchObject({ code: "pain001.missing_town", path: "debtor.address.town" });
    expect(refusal(fileInput([payment(1, { executionDate: "2026-02-30" })]))).toMatchObject({
      code: "pain001.invalid_date",
      path: "payments[0].executionDate",
    });
    expect(refusal(fileInput([payment(1)], { createdAt: "yesterday" }))).toMatchObject({
      code: "pain001.invalid_date",
      path: "createdAt",
    });
    expect(refusal(fileInput([payment(1, { currency: "EUR" as "CHF" })]))).toMatchObject({
      code: "pain001.invalid_currency",
    });
    expect(refusal(fileInput([]))).toMatchObject({ code: "pain001.no_payments" });
  });
});

describe("SPS character set and references", () => {
  it("keeps the set, transliterates the rest, never splits a surrogate pair", () => {
    expect(toSpsText("Łódź Ørsted ſ ß € Șț", 70)).toBe("Łódź Ørsted ſ ß € Șț");
    expect(toSpsText("  a \t\n b  ", 70)).toBe("a b");
    expect(toSpsText("soft\u00adhyphen\u0085next\u0000nul", 70)).toBe("softhyphen nextnul");
    expect(toSpsText("😀", 70)).toBe("");
    expect(toSpsText("lone \ud800 high \udc00 low", 70)).toBe("lone high low");
    expect(toSpsText("e\u0301te\u0323\u0302 nguyễn", 70)).toBe("éte nguyen");
    expect(toSpsText("Ünïcödé", 3)).toBe("Ünï");
    expect(toSpsText("ab cd", 3)).toBe("ab");
    // XML Schema counts characters (code points): the emoji counts one, and is never cut in halves.
    expect(cutToLength(`${"a".repeat(69)}😀b`, 70)).toBe(`${"a".repeat(69)}😀`);
    expect(cutToLength(`${"a".repeat(68)}😀b`, 70)).toBe(`${"a".repeat(68)}😀b`);
    expect(cutToLength(`${"a".repeat(69)}😀b`, 69)).toBe("a".repeat(69));
    for (let max = 1; max < 12; max++)
      expect(cutToLength("😀a😀😀b😀c😀😀😀", max)).not.toMatch(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
      );
    expect(isSpsText("Ünïcödé € Ș")).toBe(true);
    expect(isSpsText("a\u00adb")).toBe(false);
    expect(isSpsText("a\u202eb")).toBe(false);
    expect(isSpsText("")).toBe(false);
  });

  it("derives references of A-Z a-z 0-9 and space", () => {
    expect(toReference("Müller-Łódź 2026/11 Ørsted ß")).toBe("MullerLodz 202611 Orsted ss");
    expect(toReference("x".repeat(50))).toHaveLength(35);
    expect(isReference(toReference("Lohn 11/2026 – Zoë 😀"))).toBe(true);
    expect(isReference("ABC def 123")).toBe(true);
    expect(isReference("ABC-def")).toBe(false);
    expect(isReference(" A")).toBe(false);
    expect(isReference("A".repeat(36))).toBe(false);
  });
});

describe("IBAN helpers", () => {
  it("normalize, validate, format, detect QR-IBANs and Swiss institution ids", () => {
    expect(normalizeIban(" ch93 0076\u00a02011-6238 5295 7 ")).toBe("CH9300762011623852957");
    expect(isValidIban("CH93 0076 2011 6238 5295 7")).toBe(true);
    expect(isValidIban("CH93 0076 2011 6238 5295 8")).toBe(false);
    expect(isValidIban("")).toBe(false);
    expect(formatIban("CH9300762011623852957")).toBe("CH93 0076 2011 6238 5295 7");
    expect(isQrIban(QR_IBAN)).toBe(true);
    expect(isQrIban(COMPANY_IBAN)).toBe(false);
    expect(checkSalaryIban("ch93 0076 2011 6238 5295 7")).toEqual({ ok: true, iban: "CH9300762011623852957" });
    expect(checkSalaryIban(QR_IBAN)).toMatchObject({ ok: false, reason: "qr_iban" });
    expect(checkSalaryIban("CH93")).toMatchObject({ ok: false, reason: "invalid" });
    expect(institutionIdOfIban(COMPANY_IBAN)).toBe("00762");
    expect(institutionIdOfIban("DE89 3704 0044 0532 0130 00")).toBeUndefined();
  });
});

/**
 * A proposal for a person's withholding-tax tariff code from their case data, for HR to confirm (issue 39):
 * HR records the code; this only says which one the recorded facts point to and why.
 *
 * The letters follow QStV Art. 1 (../shared/domain/swiss-payroll.md, section 2): A single, divorced,
 * separated or widowed without children in the household; B married (or in a registered partnership), the
 * partner not earning; C married, both earning; H single etc. living with children; for German cross-border
 * commuters (permit G, living in Germany) L, M, N, P mirror A, B, C, H. The digit is the number of children
 * (here: those with child or education allowances, at most 9); the last letter is church tax (Y/N).
 * A cross-border commuter living in France who works in a canton of the agreement of 11 April 1983 is not taxed
 * at source there: the predefined category SFN.
 */
import { FRENCH_AGREEMENT_CANTONS } from "../catalog/identifiers";

export type TariffProposal = {
  /** The proposed code (A0N, B2Y, ...), or null when a fact it needs is missing. */
  code: string | null;
  /** The household the letter stands for. */
  household: "single" | "singleWithChildren" | "married" | null;
  /** Married: whether the partner earns; null when not married or not recorded. */
  partnerEmployed: boolean | null;
  children: number;
  /** Whether church tax was taken from the recorded code (true), or N assumed (false): no case field holds it. */
  churchTaxFromCode: boolean;
  germanCrossBorder: boolean;
  /** A cross-border commuter living in France and working in a canton of the 1983 agreement: SFN, that canton. */
  frenchAgreementCanton: string | null;
  /** Case fields to record before a code can be proposed. */
  missing: string[];
};

const MARRIED = new Set(["married", "registeredPartnership"]);
const SINGLE = new Set(["single", "divorced", "widowed", "separated"]);
const GERMAN_LETTER: Record<string, string> = { A: "L", B: "M", C: "N", H: "P" };

/** Case values in force by field name (what the employee page reads). */
export function proposeTariffCode(values: ReadonlyMap<string, string>): TariffProposal {
  const taxCanton = values.get("TaxAtSourceCanton") ?? values.get("WorkplaceCanton") ?? "";
  if (
    values.get("WorkPermit") === "G" &&
    values.get("Country") === "FR" &&
    FRENCH_AGREEMENT_CANTONS.includes(taxCanton)
  )
    return {
      code: "SFN",
      household: null,
      partnerEmployed: null,
      children: 0,
      churchTaxFromCode: false,
      germanCrossBorder: false,
      frenchAgreementCanton: taxCanton,
      missing: [],
    };
  const missing: string[] = [];
  const civil = values.get("CivilStatus");
  const count = (field: string) => {
    const n = Number(values.get(field) ?? "0");
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const children = Math.min(9, count("ChildAllowances") + count("EducationAllowances"));
  let household: TariffProposal["household"] = null;
  let partnerEmployed: boolean | null = null;
  let letter: string | null = null;
  if (!civil) missing.push("CivilStatus");
  else if (MARRIED.has(civil)) {
    household = "married";
    const partner = values.get("PartnerEmployed");
    if (partner === undefined) missing.push("PartnerEmployed");
    else {
      partnerEmployed = partner === "true";
      letter = partnerEmployed ? "C" : "B";
    }
  } else if (SINGLE.has(civil)) {
    household = children > 0 ? "singleWithChildren" : "single";
    letter = children > 0 ? "H" : "A";
  } else missing.push("CivilStatus");
  const germanCrossBorder = values.get("WorkPermit") === "G" && values.get("Country") === "DE";
  if (letter && germanCrossBorder) letter = GERMAN_LETTER[letter] ?? letter;
  const recorded = values.get("TaxAtSourceTariff");
  const churchTaxFromCode = !!recorded && /^[A-Z][0-9][YN]$/.test(recorded);
  const church = churchTaxFromCode ? recorded!.slice(2) : "N";
  return {
    code: letter ? `${letter}${children}${church}` : null,
    household,
    partnerEmployed,
    children,
    churchTaxFromCode,
    germanCrossBorder,
    frenchAgreementCanton: null,
    missing,
  };
}

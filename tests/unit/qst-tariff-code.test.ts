import { describe, expect, it } from "vitest";
import { proposeTariffCode } from "@/server/regulations/qst/tariff-code";

const propose = (values: Record<string, string>) => proposeTariffCode(new Map(Object.entries(values)));

describe("tariff code proposal (QStV Art. 1)", () => {
  it("A for a single person without children, N church tax when no code says otherwise", () => {
    expect(propose({ CivilStatus: "single" })).toMatchObject({
      code: "A0N",
      household: "single",
      churchTaxFromCode: false,
    });
  });
  it("H with the number of children for a single parent", () => {
    expect(propose({ CivilStatus: "divorced", ChildAllowances: "1", EducationAllowances: "1" })).toMatchObject({
      code: "H2N",
      children: 2,
    });
  });
  it("B for a sole earner, C when the partner earns too; church tax kept from the recorded code", () => {
    expect(propose({ CivilStatus: "married", PartnerEmployed: "false", ChildAllowances: "2" }).code).toBe("B2N");
    expect(propose({ CivilStatus: "married", PartnerEmployed: "true", TaxAtSourceTariff: "A0Y" })).toMatchObject({
      code: "C0Y",
      churchTaxFromCode: true,
    });
    expect(propose({ CivilStatus: "registeredPartnership", PartnerEmployed: "false" }).code).toBe("B0N");
  });
  it("SFN for a cross-border commuter living in France who works in a canton of the 1983 agreement, not in GE", () => {
    const commuter = { WorkPermit: "G", Country: "FR", CivilStatus: "single" };
    expect(propose({ ...commuter, TaxAtSourceCanton: "VD" })).toMatchObject({
      code: "SFN",
      frenchAgreementCanton: "VD",
    });
    expect(propose({ ...commuter, WorkplaceCanton: "BS" }).code).toBe("SFN");
    expect(propose({ ...commuter, TaxAtSourceCanton: "GE" })).toMatchObject({
      code: "A0N",
      frenchAgreementCanton: null,
    });
  });
  it("names what is missing instead of guessing", () => {
    expect(propose({})).toMatchObject({ code: null, missing: ["CivilStatus"] });
    expect(propose({ CivilStatus: "married" })).toMatchObject({ code: null, missing: ["PartnerEmployed"] });
  });
  it("L, M, N, P for German cross-border commuters", () => {
    expect(propose({ CivilStatus: "single", WorkPermit: "G", Country: "DE" }).code).toBe("L0N");
    expect(propose({ CivilStatus: "married", PartnerEmployed: "true", WorkPermit: "G", Country: "DE" }).code).toBe(
      "N0N",
    );
    expect(propose({ CivilStatus: "single", ChildAllowances: "1", WorkPermit: "G", Country: "DE" }).code).toBe("P1N");
    expect(propose({ CivilStatus: "single", WorkPermit: "G", Country: "FR" }).code).toBe("A0N");
  });
  it("counts at most 9 children", () => {
    expect(propose({ CivilStatus: "married", PartnerEmployed: "false", ChildAllowances: "12" }).code).toBe("B9N");
  });
});

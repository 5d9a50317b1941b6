import { create } from "xmlbuilder2";
import { formatRappen } from "@/server/money/rappen";
import type {
  ElmAddress,
  ElmCategory,
  ElmDeclarationModel,
  ElmPerson,
  ElmTaxAtSourceFigures,
  ElmTimePeriod,
} from "./model";

/**
 * The XML of an ELM 5.0 salary declaration: the `DeclareSalary` request of the distributor's
 * SalaryDeclarationService (SalaryDeclarationServiceTypes.xsd), i.e. the SOAP body the distributor
 * receives, holding RequestContext, Job/Addressees and the SalaryDeclaration itself.
 *
 * Why the request and not the bare SalaryDeclaration: SalaryDeclaration.xsd declares only the
 * type `SalaryDeclarationType`, no global element, so a SalaryDeclaration on its own cannot be
 * validated (nor sent); the only global element that carries it is `DeclareSalary`, and its
 * identity constraints tie the addressees to the declared institutions. The document validates
 * against SalaryDeclarationServiceTypes.xsd (with Container, SalaryDeclaration and Common).
 *
 * Namespaces: the declaration's own elements are in
 * http://www.swissdec.ch/schema/sd/20200220/SalaryDeclaration (prefix sd); the types it borrows
 * from Common.xsd (addresses, particulars, periods) put their children in the Common namespace
 * (prefix c), and the request envelope is in the Container and ServiceTypes namespaces.
 */

export const ELM_NAMESPACES = {
  sdst: "http://www.swissdec.ch/schema/sd/20200220/SalaryDeclarationServiceTypes",
  sdc: "http://www.swissdec.ch/schema/sd/20200220/SalaryDeclarationContainer",
  sd: "http://www.swissdec.ch/schema/sd/20200220/SalaryDeclaration",
  c: "http://www.swissdec.ch/schema/common/20200220/Common",
} as const;

type Prefix = keyof typeof ELM_NAMESPACES;
type Node = ReturnType<typeof create>;

/** The domains the declaration holds, in schema order; the distributor's results (and our receipts) follow them. */
export function declarationCategories(model: ElmDeclarationModel): ElmCategory[] {
  const present: [ElmCategory, boolean][] = [
    ["AHV-AVS", model.persons.some((p) => p.ahv)],
    ["FAK-CAF", model.persons.some((p) => p.fak)],
    ["UVG-LAA", model.persons.some((p) => p.uvg)],
    ["BVG-LPP", model.persons.some((p) => p.bvg)],
    ["TaxAtSource", model.persons.some((p) => p.taxAtSource || p.taxAtSourceCorrections.length)],
  ];
  return present.filter(([, yes]) => yes).map(([category]) => category);
}

export function renderElmDeclaration(model: ElmDeclarationModel): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(ELM_NAMESPACES.sdst, "sdst:DeclareSalary", {
    "xmlns:sdst": ELM_NAMESPACES.sdst,
    "xmlns:sdc": ELM_NAMESPACES.sdc,
    "xmlns:sd": ELM_NAMESPACES.sd,
    "xmlns:c": ELM_NAMESPACES.c,
  });
  requestContext(root, model);
  job(root, model);
  const declaration = el(root, "sdc", "SalaryDeclaration", undefined, { schemaVersion: "0.0" });
  const company = el(declaration, "sd", "Company");
  companyDescription(company, model);
  const staff = el(company, "sd", "Staff");
  for (const person of model.persons) personElement(staff, person, model);
  institutions(company, model);
  salaryTotals(company, model);
  salaryCounters(company, model);
  const general = el(declaration, "sd", "GeneralSalaryDeclarationDescription");
  el(general, "sd", "CreationDate", model.createdAt);
  el(general, "sd", "AccountingPeriod", model.period.year);
  return doc.end({ prettyPrint: true });
}

// ---------------------------------------------------------------------------------------------
// Request
// ---------------------------------------------------------------------------------------------

function requestContext(root: Node, model: ElmDeclarationModel) {
  const context = el(root, "sdc", "RequestContext");
  const agent = el(context, "c", "UserAgent");
  el(agent, "c", "Producer", model.software.producer);
  el(agent, "c", "Name", model.software.name);
  el(agent, "c", "Version", model.software.version);
  el(agent, "c", "StandardVersion", model.software.standardVersion);
  el(agent, "c", "Certificate", model.software.certificate);
  el(el(context, "c", "CompanyName"), "c", "HR-RC-Name", model.company.name);
  el(context, "c", "TransmissionDate", model.createdAt);
  el(context, "c", "RequestID", model.requestId);
  el(context, "c", "LanguageCode", model.language);
  if (model.testCase) el(context, "sdc", "TestCase");
}

function job(root: Node, model: ElmDeclarationModel) {
  const addressees = el(el(root, "sdc", "Job"), "sdc", "Addressees");
  const { ahv, fak, uvg, bvg, taxAtSource } = model.institutions;
  const addressee = (name: string, institutionId: string) =>
    el(
      el(addressees, "sdc", name, undefined, { institutionIDRef: institutionId }),
      "sdc",
      "ProcessByDistributor",
      "true",
    );
  if (ahv) addressee("AHV-AVS", ahv.id);
  if (fak) addressee("FAK-CAF", fak.id);
  if (uvg) addressee("UVG-LAA", uvg.id);
  if (bvg) addressee("BVG-LPP", bvg.id);
  for (const institution of taxAtSource) addressee("TaxAtSource", institution.id);
}

// ---------------------------------------------------------------------------------------------
// Company and persons
// ---------------------------------------------------------------------------------------------

function companyDescription(company: Node, model: ElmDeclarationModel) {
  const { name, uid, address, workplace } = model.company;
  const description = el(company, "sd", "CompanyDescription");
  el(el(description, "c", "Name"), "c", "HR-RC-Name", name);
  addressElement(el(description, "c", "Address"), address);
  const uidNode = el(description, "c", "UID-BFS");
  if (uid) el(uidNode, "c", "UID", uid);
  else el(uidNode, "c", "Unknown");
  const place = el(description, "c", "Workplace", undefined, { workplaceID: workplace.id });
  if (workplace.burNumber) el(place, "c", "BUR-REE-Number", workplace.burNumber);
  const extended = el(place, "c", "AddressExtended");
  addressElement(extended, workplace.address);
  if (workplace.canton) el(extended, "c", "Canton", workplace.canton);
  el(el(place, "c", "CompanyWorkingTime"), "c", "WeeklyHours", workplace.weeklyHours, {
    companyWeeklyHoursID: workplace.weeklyHoursId,
  });
}

function personElement(staff: Node, p: ElmPerson, model: ElmDeclarationModel) {
  const node = el(staff, "sd", "Person");
  const particulars = el(node, "sd", "Particulars");
  const insurance = el(particulars, "c", "Social-InsuranceIdentification");
  if (p.ahvNumber) el(insurance, "c", "SV-AS-Number", p.ahvNumber);
  else el(insurance, "c", "unknown");
  el(particulars, "c", "EmployeeNumber", p.employeeNumber);
  el(particulars, "c", "Lastname", p.lastName);
  el(particulars, "c", "Firstname", p.firstName);
  el(particulars, "c", "Sex", p.sex);
  el(particulars, "c", "DateOfBirth", p.birthDate);
  el(particulars, "c", "Nationality", p.nationality);
  el(el(particulars, "c", "CivilStatus"), "c", "Status", p.civilStatus);
  addressElement(el(particulars, "c", "Address"), p.address);
  el(particulars, "c", "ResidenceCanton", p.residenceCanton);
  if (p.municipalityId !== null) el(particulars, "c", "MunicipalityID", String(p.municipalityId));
  if (p.residenceCategory) el(particulars, "c", "ResidenceCategory", p.residenceCategory);
  el(particulars, "c", "LanguageCode", p.language);

  const work = el(node, "sd", "Work");
  const workingTime = el(work, "c", "WorkingTime");
  if (p.work.steady) {
    const steady = el(workingTime, "c", "Steady");
    el(steady, "c", "WeeklyHours", p.work.steady.weeklyHours);
    el(steady, "c", "ActivityRate", p.work.steady.activityRate);
  } else {
    el(workingTime, "c", "Unsteady");
  }
  el(work, "c", "EntryDate", p.work.entryDate);
  if (p.work.exitDate) el(work, "c", "WithdrawalDate", p.work.exitDate);

  const { ahv, fak, uvg, bvg, taxAtSource } = model.institutions;
  if (p.ahv && ahv) {
    const salary = el(el(node, "sd", "AHV-AVS-Salaries"), "sd", "AHV-AVS-Salary", undefined, {
      institutionIDRef: ahv.id,
    });
    if (p.entryInPeriod || p.exitInPeriod) {
      const category = el(salary, "sd", "DeclarationCategory");
      if (p.entryInPeriod) el(el(category, "sd", "Entry"), "sd", "ValidAsOf", p.entryInPeriod);
      if (p.exitInPeriod) el(el(category, "sd", "Withdrawal"), "sd", "ValidAsOf", p.exitInPeriod);
    }
    period(salary, "AccountingTime", p.accountingTime);
    amount(salary, "AHV-AVS-Income", p.ahv.income);
    if (p.ahv.open !== 0) amount(salary, "AHV-AVS-Open", p.ahv.open);
    amount(salary, "ALV-AC-Income", p.ahv.alvIncome);
    if (p.ahv.alvOpen !== 0) amount(salary, "ALV-AC-Open", p.ahv.alvOpen);
  }
  if (p.fak && fak) {
    const salary = el(el(node, "sd", "FAK-CAF-Salaries"), "sd", "FAK-CAF-Salary", undefined, {
      institutionIDRef: fak.id,
    });
    declarationCategory(salary, p);
    period(salary, "FAK-CAF-Period", p.accountingTime);
    amount(salary, "FAK-CAF-ContributorySalary", p.fak.contributorySalary);
    if (p.fak.familyIncomeSupplement !== 0)
      amount(
        el(salary, "sd", "FAK-CAF-FamilyIncomeSupplement"),
        "FAK-CAF-FamilyIncomeSupplementPerPerson",
        p.fak.familyIncomeSupplement,
      );
    el(salary, "sd", "FAK-CAF-WorkplaceCanton", p.fak.workplaceCanton);
  }
  if (p.uvg && uvg) {
    const salary = el(el(node, "sd", "UVG-LAA-Salaries"), "sd", "UVG-LAA-Salary", undefined, {
      institutionIDRef: uvg.id,
    });
    period(salary, "AccountingTime", p.accountingTime);
    el(salary, "sd", "UVG-LAA-Code", p.uvg.code);
    amount(salary, "UVG-LAA-GrossSalary", p.uvg.grossSalary);
    amount(salary, "UVG-LAA-BaseSalary", p.uvg.baseSalary);
    amount(salary, "UVG-LAA-ContributorySalary", p.uvg.contributorySalary);
  }
  if (p.bvg && bvg) {
    const salary = el(el(node, "sd", "BVG-LPP-Salaries"), "sd", "BVG-LPP-PeriodSalary", undefined, {
      institutionIDRef: bvg.id,
    });
    declarationCategory(salary, p);
    period(salary, "AccountingTime", p.accountingTime);
    amount(salary, "BVG-LPP-PeriodBasis", p.bvg.periodBasis);
  }
  const qstCantons = qstCantonsOf(p);
  const salaries = qstCantons.length && taxAtSource.length ? el(node, "sd", "TaxAtSourceSalaries") : null;
  for (const canton of salaries ? qstCantons : []) {
    // One TaxAtSourceSalary per canton: this month (Current) where the person is taxed now, then each corrected month.
    const q = p.taxAtSource?.canton === canton ? p.taxAtSource : null;
    const corrections = p.taxAtSourceCorrections.filter((c) => c.canton === canton);
    const salary = el(salaries!, "sd", "TaxAtSourceSalary", undefined, {
      institutionIDRef: q?.institutionId ?? corrections[0]!.institutionId,
    });
    el(salary, "sd", "TaxAtSourceCanton", canton);
    el(salary, "sd", "TaxAtSourceMunicipalityID", String(q?.municipalityId ?? corrections[0]!.municipalityId));
    el(salary, "sd", "CurrentMonth", model.period.month);
    if (q) currentTaxAtSource(salary, q, p, model);
    for (const c of corrections) {
      const correction = el(salary, "sd", "Correction");
      el(correction, "sd", "Month", c.month);
      taxAtSourceFigures(el(correction, "sd", "Old"), c.old);
      taxAtSourceFigures(el(correction, "sd", "New"), c.new);
    }
  }
}

/** The cantons a person has a TaxAtSourceSalary in: where taxed this month, and where a closed month is corrected. */
function qstCantonsOf(p: ElmPerson) {
  return [
    ...new Set([...(p.taxAtSource ? [p.taxAtSource.canton] : []), ...p.taxAtSourceCorrections.map((c) => c.canton)]),
  ].sort();
}

function taxAtSourceFigures(parent: Node, f: ElmTaxAtSourceFigures) {
  el(
    el(parent, "sd", "TaxAtSourceCategory"),
    "c",
    f.category.kind === "code" ? "TaxAtSourceCode" : "CategoryPredefined",
    f.category.value,
  );
  amount(parent, "TaxableEarning", f.taxableEarning);
  amount(parent, "AscertainedTaxableEarning", f.ascertainedTaxableEarning);
  amount(parent, "TaxAtSource", f.taxAtSource);
}

function currentTaxAtSource(
  salary: Node,
  q: NonNullable<ElmPerson["taxAtSource"]>,
  p: ElmPerson,
  model: ElmDeclarationModel,
) {
  const current = el(salary, "sd", "Current", undefined, { workplaceIDRef: model.company.workplace.id });
  taxAtSourceFigures(current, q);
  const residence = el(current, "sd", "Residence");
  if ("canton" in q.residence) {
    el(residence, "sd", "CantonCH", q.residence.canton);
  } else {
    el(residence, "sd", "AbroadCountry", q.residence.abroadCountry);
    el(el(residence, "sd", "KindOfResidence"), "sd", q.residence.kind);
  }
  el(current, "sd", "WorkMunicipalityID", String(q.workMunicipalityId));
  declarationCategory(current, p);
}

/** Entry and exit within the period, with a reason (FAK, BVG and QST: entryCompany / withdrawalCompany). */
function declarationCategory(parent: Node, p: ElmPerson) {
  if (!p.entryInPeriod && !p.exitInPeriod) return;
  const category = el(parent, "sd", "DeclarationCategory");
  if (p.entryInPeriod) {
    const entry = el(category, "sd", "Entry");
    el(entry, "sd", "ValidAsOf", p.entryInPeriod);
    el(entry, "sd", "Reason", "entryCompany");
  }
  if (p.exitInPeriod) {
    const withdrawal = el(category, "sd", "Withdrawal");
    el(withdrawal, "sd", "ValidAsOf", p.exitInPeriod);
    el(withdrawal, "sd", "Reason", "withdrawalCompany");
  }
}

// ---------------------------------------------------------------------------------------------
// Institutions, totals, counters
// ---------------------------------------------------------------------------------------------

function institutions(company: Node, model: ElmDeclarationModel) {
  const { ahv, fak, uvg, bvg, taxAtSource } = model.institutions;
  if (!ahv && !fak && !uvg && !bvg && !taxAtSource.length) return;
  const node = el(company, "sd", "Institutions");
  if (ahv) {
    const institution = el(node, "sd", "AHV-AVS", undefined, { institutionID: ahv.id });
    el(institution, "sd", "AK-CC-BranchNumber", ahv.branchNumber);
    el(institution, "sd", "AK-CC-CustomerNumber", ahv.customerNumber);
    for (const [name, control] of [
      ["UVG-LAA-Insurance", ahv.uvgInsurance],
      ["BVG-LPP-Insurance", ahv.bvgInsurance],
    ] as const) {
      const insurance = el(institution, "sd", name);
      if ("noneWithReason" in control) {
        el(insurance, "sd", "NoneWithReason", control.noneWithReason);
      } else {
        el(insurance, "sd", "Name", control.name);
        el(el(insurance, "sd", "UID-BFS"), "c", "Unknown"); // the catalog holds no insurer UIDs
        el(insurance, "sd", "ValidAsOf", control.validAsOf);
      }
    }
  }
  if (fak) {
    const institution = el(node, "sd", "FAK-CAF", undefined, { institutionID: fak.id });
    el(institution, "sd", "FAK-CAF-BranchNumber", fak.branchNumber);
    el(institution, "sd", "FAK-CAF-CustomerNumber", fak.customerNumber);
  }
  for (const [name, insurer] of [
    ["UVG-LAA", uvg],
    ["BVG-LPP", bvg],
  ] as const) {
    if (!insurer) continue;
    const institution = el(node, "sd", name, undefined, { institutionID: insurer.id });
    el(institution, "sd", "InsuranceID", insurer.insuranceId);
    el(institution, "sd", "InsuranceCompanyName", insurer.name);
    el(institution, "sd", "CustomerIdentity", insurer.customerIdentity);
    el(institution, "sd", "ContractIdentity", insurer.contractIdentity);
    if ("generalValidAsOf" in insurer) el(institution, "sd", "GeneralValidAsOf", insurer.generalValidAsOf);
  }
  for (const institution of taxAtSource) {
    const qst = el(node, "sd", "TaxAtSource", undefined, { institutionID: institution.id });
    el(qst, "sd", "CantonID", institution.canton);
    el(qst, "sd", "CustomerIdentity", institution.customerIdentity);
  }
}

function salaryTotals(company: Node, model: ElmDeclarationModel) {
  const { totals, institutions: inst } = model;
  if (!totals.ahv && !totals.fak.length && !totals.uvg && !totals.bvg && !totals.taxAtSource.length) return;
  const node = el(company, "sd", "SalaryTotals");
  if (totals.ahv && inst.ahv) {
    const ahv = el(node, "sd", "AHV-AVS-Totals", undefined, { institutionIDRef: inst.ahv.id });
    amount(ahv, "Total-AHV-AVS-Incomes", totals.ahv.incomes);
    amount(ahv, "Total-AHV-AVS-Open", totals.ahv.open);
    amount(ahv, "Total-ALV-AC-Incomes", totals.ahv.alvIncomes);
    amount(ahv, "Total-ALVZ-ACS-Incomes", totals.ahv.alvzIncomes);
    amount(ahv, "Total-ALV-AC-Open", totals.ahv.alvOpen);
  }
  if (totals.fak.length && inst.fak) {
    const fak = el(node, "sd", "FAK-CAF-Totals", undefined, { institutionIDRef: inst.fak.id });
    for (const canton of totals.fak) {
      const perCanton = el(fak, "sd", "Total-FAK-CAF-PerCanton");
      amount(perCanton, "Total-FAK-CAF-ContributorySalary", canton.contributorySalary);
      amount(perCanton, "Total-FAK-CAF-FamilyIncomeSupplement", canton.familyIncomeSupplement);
      el(perCanton, "sd", "Canton", canton.canton);
    }
  }
  if (totals.uvg && inst.uvg) {
    const u = totals.uvg;
    const uvg = el(node, "sd", "UVG-LAA-Totals", undefined, { institutionIDRef: inst.uvg.id });
    const branch = el(el(uvg, "sd", "UVG-LAA-BranchTotals"), "sd", "UVG-LAA-BranchTotal");
    el(branch, "sd", "BranchIdentifier", u.branch);
    for (const [name, sums] of [
      ["Female-Totals", u.female],
      ["Male-Totals", u.male],
    ] as const) {
      const group = el(branch, "sd", name);
      amount(group, "NBU-BU-ANP-AP-Total", sums.nbuAndBu);
      amount(group, "BU-AP-Total", sums.buOnly);
    }
    amount(uvg, "UVG-LAA-MasterTotal", u.master);
    el(uvg, "sd", "NumberOfFemalePersons", String(u.females));
    el(uvg, "sd", "NumberOfMalePersons", String(u.males));
  }
  if (totals.bvg && inst.bvg) {
    const bvg = el(node, "sd", "BVG-LPP-Totals", undefined, { institutionIDRef: inst.bvg.id });
    const category = el(el(bvg, "sd", "BVG-LPP-PeriodCategoryTotals"), "sd", "BVG-LPP-PeriodCategoryTotal");
    period(category, "AccountingTime", { from: model.period.start, until: model.period.end });
    amount(category, "BVG-LPP-PeriodBasisTotal", totals.bvg.periodBasis);
    amount(bvg, "BVG-LPP-PeriodMasterTotal", totals.bvg.periodBasis);
  }
  for (const q of totals.taxAtSource) {
    const totalsNode = el(node, "sd", "TaxAtSourceTotals", undefined, { institutionIDRef: q.institutionId });
    const month = el(totalsNode, "sd", "TotalMonth");
    amount(month, "TotalTaxableEarning", q.taxableEarning);
    amount(month, "TotalTaxAtSource", q.taxAtSource);
    amount(month, "TotalCommission", q.commission);
    el(month, "sd", "CurrentMonth", model.period.month);
    for (const c of q.corrections) {
      const correction = el(totalsNode, "sd", "CorrectionMonth");
      amount(correction, "TotalTaxableEarning", c.taxableEarning);
      amount(correction, "TotalTaxAtSource", c.taxAtSource);
      amount(correction, "TotalCommission", c.commission);
      el(correction, "sd", "Month", c.month);
    }
  }
}

function salaryCounters(company: Node, model: ElmDeclarationModel) {
  const node = el(company, "sd", "SalaryCounters");
  const count = (pick: (p: ElmPerson) => unknown) => model.persons.filter((p) => pick(p)).length;
  const sumOf = (pick: (p: ElmPerson) => number) => model.persons.reduce((n, p) => n + pick(p), 0);
  const counters: [string, number][] = [
    ["NumberOf-AHV-AVS-Salary-Tags", count((p) => p.ahv)],
    ["NumberOf-FAK-CAF-Salary-Tags", count((p) => p.fak)],
    ["NumberOf-UVG-LAA-Salary-Tags", count((p) => p.uvg)],
    ["NumberOf-BVG-LPP-Salary-Tags", count((p) => p.bvg)],
    ["NumberOf-TaxAtSourceSalary-Tags", sumOf((p) => qstCantonsOf(p).length)],
  ];
  for (const [name, n] of counters) if (n > 0) el(node, "sd", name, String(n));
}

// ---------------------------------------------------------------------------------------------
// Reading a declaration back (the sandbox distributor's receipts)
// ---------------------------------------------------------------------------------------------

export type DeclarationSummary = {
  creationDate: string | null;
  /** Categories addressed in Job/Addressees, in document order, without repeats. */
  categories: string[];
  /** Per category: every amount of its SalaryTotals (path below the totals element, institution, value). */
  totals: Record<string, { institution: string; name: string; value: string }[]>;
  /** Per category: the number of salary tags (SalaryCounters). */
  salaryTags: Record<string, number>;
};

const TOTALS_CATEGORY: Record<string, string> = {
  "AHV-AVS-Totals": "AHV-AVS",
  "FAK-CAF-Totals": "FAK-CAF",
  "UVG-LAA-Totals": "UVG-LAA",
  "BVG-LPP-Totals": "BVG-LPP",
  TaxAtSourceTotals: "TaxAtSource",
};
const COUNTER_CATEGORY: Record<string, string> = {
  "NumberOf-AHV-AVS-Salary-Tags": "AHV-AVS",
  "NumberOf-FAK-CAF-Salary-Tags": "FAK-CAF",
  "NumberOf-UVG-LAA-Salary-Tags": "UVG-LAA",
  "NumberOf-BVG-LPP-Salary-Tags": "BVG-LPP",
  "NumberOf-TaxAtSourceSalary-Tags": "TaxAtSource",
};

/** Reads the addressees, totals and counters of a rendered DeclareSalary document. Throws when it is not one. */
export function readDeclarationSummary(declarationXml: string): DeclarationSummary {
  const root = create(declarationXml).root();
  const rootNode = root.node as unknown as Element;
  if (rootNode.localName !== "DeclareSalary" || rootNode.namespaceURI !== ELM_NAMESPACES.sdst) {
    throw new Error(`Not an ELM 5.0 DeclareSalary document (root ${rootNode.localName}).`);
  }
  const elements = (scope: Node) =>
    scope
      .filter((n) => (n.node as unknown as Node_).nodeType === 1, false, true)
      .map((n) => n.node as unknown as Element);
  const all = elements(root);
  const byName = (name: string, namespace: string) =>
    all.filter((e) => e.localName === name && e.namespaceURI === namespace);
  const addressees = byName("Addressees", ELM_NAMESPACES.sdc)[0];
  const categories = addressees ? [...new Set(childElements(addressees).map((e) => e.localName))] : [];
  const totals: DeclarationSummary["totals"] = {};
  const salaryTotals = byName("SalaryTotals", ELM_NAMESPACES.sd)[0];
  for (const group of salaryTotals ? childElements(salaryTotals) : []) {
    const category = TOTALS_CATEGORY[group.localName];
    if (!category) continue;
    const institution = group.getAttribute("institutionIDRef") ?? "";
    const leaves: { institution: string; name: string; value: string }[] = [];
    const walk = (element: Element, path: string[]) => {
      const children = childElements(element);
      if (!children.length) leaves.push({ institution, name: path.join("/"), value: element.textContent ?? "" });
      for (const child of children) walk(child, [...path, child.localName]);
    };
    for (const child of childElements(group)) walk(child, [child.localName]);
    (totals[category] ??= []).push(...leaves);
  }
  const salaryTags: Record<string, number> = {};
  const counters = byName("SalaryCounters", ELM_NAMESPACES.sd)[0];
  for (const counter of counters ? childElements(counters) : []) {
    const category = COUNTER_CATEGORY[counter.localName];
    if (category) salaryTags[category] = Number(counter.textContent);
  }
  const creation = byName("CreationDate", ELM_NAMESPACES.sd)[0];
  return { creationDate: creation?.textContent ?? null, categories, totals, salaryTags };
}

// ---------------------------------------------------------------------------------------------
// Plumbing
// ---------------------------------------------------------------------------------------------

type Node_ = { nodeType: number };

function childElements(element: Element): Element[] {
  return Array.from(element.childNodes).filter((n): n is Element => n.nodeType === 1);
}

function el(parent: Node, prefix: Prefix, name: string, text?: string, attributes?: Record<string, string>): Node {
  const node = parent.ele(ELM_NAMESPACES[prefix], `${prefix}:${name}`, attributes);
  if (text !== undefined) node.txt(text);
  return node;
}

/** Street, ZIP-Code, City, Country: the order both c:AddressType and c:AddressWorkplaceType expect. */
function addressElement(parent: Node, address: ElmAddress) {
  if (address.street) el(parent, "c", "Street", address.street);
  el(parent, "c", "ZIP-Code", address.zipCode);
  el(parent, "c", "City", address.city);
  if (address.country) el(parent, "c", "Country", address.country);
}

/** Rappen in the schema's amount pattern -?[0-9]+\.[0-9]{2}. */
function amount(parent: Node, name: string, rappen: number) {
  el(parent, "sd", name, formatRappen(rappen));
}

function period(parent: Node, name: string, time: ElmTimePeriod) {
  const node = el(parent, "sd", name);
  el(node, "c", "from", time.from);
  el(node, "c", "until", time.until);
}

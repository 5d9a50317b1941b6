import { field, option } from "./fields";
import type { Regulation, Source } from "./types";
import { L } from "./types";

/**
 * Industry regulations: layered on CH, they add cases and wage types of their own.
 *
 * Contribution rates of the industry funds change by decision of their boards, so they are company
 * case fields that the payroll enters from its fund's invoice; the parameters below only document
 * the reference figures with their sources. Figures marked `assumption` were not verified against a
 * primary source when this catalog was written: check them against the source before relying on them.
 */

const lmv: Source = {
  title: "Landesmantelvertrag für das Bauhauptgewerbe (LMV), declared generally binding by the Federal Council",
  url: "https://www.seco.admin.ch/seco/de/home/Arbeit/Personenfreizugigkeit_Arbeitsbeziehungen/Gesamtarbeitsvertraege_Normalarbeitsvertraege/Gesamtarbeitsvertraege_Bund/Gesamtarbeitsvertraege_Bund_allgemeinverbindlich.html",
};
const far: Source = {
  title: "GAV FAR / Stiftung FAR (flexibler Altersrücktritt im Bauhauptgewerbe)",
  url: "https://www.far-suisse.ch",
};
const parifonds: Source = {
  title: "Parifonds Bau (Vollzugs- und Weiterbildungsbeiträge)",
  url: "https://www.parifonds-bau.ch",
};
const lgav: Source = {
  title: "L-GAV des Gastgewerbes (Landes-Gesamtarbeitsvertrag), declared generally binding",
  url: "https://www.l-gav.ch",
};

const INDUSTRY_RATE_ASSUMPTION =
  "Reference figure from memory of the fund's published rates, not checked against the current fund regulations; the company enters its fund's rate in the case field.";

export const CH_CONSTRUCTION: Regulation = {
  name: "CH.Construction",
  kind: "industry",
  country: "CH",
  displayName: L(
    "Bauhauptgewerbe (LMV)",
    "Secteur principal de la construction (CN)",
    "Edilizia principale (CNM)",
    "Construction (LMV)",
  ),
  versions: [
    {
      validFrom: "2025-01-01",
      cases: [
        {
          name: "ConstructionFunds",
          scope: "company",
          cluster: null,
          displayName: L(
            "Bau-Fonds (FAR, Parifonds)",
            "Fonds de la construction (RA, Parifonds)",
            "Fondi edilizia (PEAN, Parifonds)",
            "Construction funds (FAR, Parifonds)",
          ),
          fields: [
            field(
              "FarEmployeeRate",
              L(
                "FAR-Beitrag Arbeitnehmende",
                "Cotisation RA employé",
                "Contributo PEAN dipendente",
                "FAR employee rate",
              ),
              "percent",
              { required: "calculation", min: "0", max: "100" },
            ),
            field(
              "FarEmployerRate",
              L(
                "FAR-Beitrag Arbeitgeber",
                "Cotisation RA employeur",
                "Contributo PEAN datore di lavoro",
                "FAR employer rate",
              ),
              "percent",
              { required: "calculation", min: "0", max: "100" },
            ),
            field(
              "ParifondsEmployeeRate",
              L("Parifonds Arbeitnehmende", "Parifonds employé", "Parifonds dipendente", "Parifonds employee rate"),
              "percent",
              { required: "calculation", min: "0", max: "100" },
            ),
            field(
              "ParifondsEmployerRate",
              L(
                "Parifonds Arbeitgeber",
                "Parifonds employeur",
                "Parifonds datore di lavoro",
                "Parifonds employer rate",
              ),
              "percent",
              { required: "calculation", min: "0", max: "100" },
            ),
          ],
        },
        {
          name: "ConstructionEmployment",
          scope: "employee",
          cluster: null,
          displayName: L(
            "Anstellung Bau (LMV)",
            "Engagement construction (CN)",
            "Impiego edilizia (CNM)",
            "Construction employment (LMV)",
          ),
          fields: [
            field(
              "LmvWageClass",
              L("LMV-Lohnklasse", "Classe de salaire CN", "Classe salariale CNM", "LMV wage class"),
              "enum",
              {
                required: "calculation",
                options: [
                  option("V", "V Vorarbeiter", "V chef d'équipe", "V caposquadra", "V foreman"),
                  option(
                    "Q",
                    "Q Baufacharbeiter mit Berufsausweis",
                    "Q ouvrier qualifié avec certificat",
                    "Q operaio qualificato con attestato",
                    "Q skilled worker with certificate",
                  ),
                  option(
                    "A",
                    "A Bau-Facharbeiter",
                    "A ouvrier professionnel",
                    "A operaio professionale",
                    "A skilled worker",
                  ),
                  option(
                    "B",
                    "B Bauarbeiter mit Fachkenntnissen",
                    "B ouvrier avec connaissances professionnelles",
                    "B operaio con conoscenze professionali",
                    "B worker with trade knowledge",
                  ),
                  option(
                    "C",
                    "C Bauarbeiter ohne Fachkenntnisse",
                    "C ouvrier sans connaissances professionnelles",
                    "C operaio senza conoscenze professionali",
                    "C worker without trade knowledge",
                  ),
                ],
              },
            ),
            field("FarInsured", L("FAR-pflichtig", "Soumis à la RA", "Soggetto al PEAN", "Subject to FAR"), "boolean", {
              default: "true",
            }),
          ],
        },
      ],
      wageTypes: [
        {
          number: "5070",
          kind: "deduction",
          name: L("FAR Arbeitnehmende", "RA employé", "PEAN dipendente", "FAR employee"),
          liabilities: [],
          collectors: ["EmployeeDeductions"],
          accounts: { debit: "salaryClearing", credit: "industryFundLiability" },
          description: "FarEmployeeRate of AhvWage where FarInsured",
        },
        {
          number: "5075",
          kind: "deduction",
          name: L("Parifonds Arbeitnehmende", "Parifonds employé", "Parifonds dipendente", "Parifonds employee"),
          liabilities: [],
          collectors: ["EmployeeDeductions"],
          accounts: { debit: "salaryClearing", credit: "industryFundLiability" },
          description: "ParifondsEmployeeRate of AhvWage",
        },
        {
          number: "8070",
          kind: "employerContribution",
          name: L("FAR Arbeitgeber", "RA employeur", "PEAN datore di lavoro", "FAR employer"),
          liabilities: [],
          collectors: ["EmployerContributions"],
          accounts: { debit: "socialChargesExpense", credit: "industryFundLiability" },
          description: "FarEmployerRate of AhvWage where FarInsured",
        },
        {
          number: "8075",
          kind: "employerContribution",
          name: L("Parifonds Arbeitgeber", "Parifonds employeur", "Parifonds datore di lavoro", "Parifonds employer"),
          liabilities: [],
          collectors: ["EmployerContributions"],
          accounts: { debit: "socialChargesExpense", credit: "industryFundLiability" },
          description: "ParifondsEmployerRate of AhvWage",
        },
      ],
      collectors: [],
      parameters: [
        {
          key: "FarEmployeeRateReference",
          displayName: L(
            "FAR-Beitragssatz Arbeitnehmende (Richtwert)",
            "Taux de cotisation RA employé (valeur de référence)",
            "Aliquota di contributo PEAN dipendente (valore di riferimento)",
            "FAR employee rate (reference)",
          ),
          value: "1.5",
          unit: "percent",
          validFrom: "2025-01-01",
          source: far,
          assumption: INDUSTRY_RATE_ASSUMPTION,
        },
        {
          key: "FarEmployerRateReference",
          displayName: L(
            "FAR-Beitragssatz Arbeitgeber (Richtwert)",
            "Taux de cotisation RA employeur (valeur de référence)",
            "Aliquota di contributo PEAN datore di lavoro (valore di riferimento)",
            "FAR employer rate (reference)",
          ),
          value: "5.5",
          unit: "percent",
          validFrom: "2025-01-01",
          source: far,
          assumption: INDUSTRY_RATE_ASSUMPTION,
        },
        {
          key: "ParifondsEmployeeRateReference",
          displayName: L(
            "Parifonds-Beitragssatz Arbeitnehmende (Richtwert)",
            "Taux de cotisation Parifonds employé (valeur de référence)",
            "Aliquota di contributo Parifonds dipendente (valore di riferimento)",
            "Parifonds employee rate (reference)",
          ),
          value: "0.7",
          unit: "percent",
          validFrom: "2025-01-01",
          source: parifonds,
          assumption: INDUSTRY_RATE_ASSUMPTION,
        },
        {
          key: "ParifondsEmployerRateReference",
          displayName: L(
            "Parifonds-Beitragssatz Arbeitgeber (Richtwert)",
            "Taux de cotisation Parifonds employeur (valeur de référence)",
            "Aliquota di contributo Parifonds datore di lavoro (valore di riferimento)",
            "Parifonds employer rate (reference)",
          ),
          value: "0.5",
          unit: "percent",
          validFrom: "2025-01-01",
          source: parifonds,
          assumption: INDUSTRY_RATE_ASSUMPTION,
        },
        // The LMV makes the 13th monthly salary part of the wage (well established; article not re-read here).
        {
          key: "ThirteenthSalaryMandatory",
          displayName: L(
            "13. Monatslohn obligatorisch (LMV)",
            "13e salaire obligatoire (CN)",
            "13a mensilità obbligatoria (CNM)",
            "13th monthly salary mandatory (LMV)",
          ),
          value: "true",
          unit: "text",
          validFrom: "2025-01-01",
          source: lmv,
          assumption: "LMV article not re-read for this catalog.",
        },
      ],
      lookups: [],
      sources: [lmv, far, parifonds],
    },
  ],
};

const LGAV_WAGE_ASSUMPTION =
  "Minimum wages (L-GAV Art. 10) quoted from memory, not verified against the current L-GAV text or its yearly wage agreement; treat as advisory for plausibility checks only.";

export const CH_HOSPITALITY: Regulation = {
  name: "CH.Hospitality",
  kind: "industry",
  country: "CH",
  displayName: L(
    "Gastgewerbe (L-GAV)",
    "Hôtellerie-restauration (CCNT)",
    "Settore alberghiero e della ristorazione (CCNL)",
    "Hospitality (L-GAV)",
  ),
  versions: [
    {
      validFrom: "2025-01-01",
      cases: [
        {
          name: "HospitalityEmployment",
          scope: "employee",
          cluster: null,
          displayName: L(
            "Anstellung Gastgewerbe (L-GAV)",
            "Engagement CCNT",
            "Impiego CCNL",
            "Hospitality employment (L-GAV)",
          ),
          fields: [
            field(
              "LgavWageCategory",
              L(
                "Mindestlohnstufe L-GAV",
                "Catégorie de salaire minimum CCNT",
                "Categoria di salario minimo CCNL",
                "L-GAV minimum wage category",
              ),
              "enum",
              {
                required: "calculation",
                options: [
                  option(
                    "I",
                    "I ohne Berufslehre",
                    "I sans apprentissage",
                    "I senza tirocinio",
                    "I without apprenticeship",
                  ),
                  option("Ia", "Ia mit Progresso", "Ia avec Progresso", "Ia con Progresso", "Ia with Progresso"),
                  option("II", "II mit EBA", "II avec AFP", "II con CFP", "II with federal certificate (EBA)"),
                  option("IIIa", "IIIa mit EFZ", "IIIa avec CFC", "IIIa con AFC", "IIIa with federal diploma (EFZ)"),
                  option(
                    "IIIb",
                    "IIIb mit EFZ und Weiterbildung",
                    "IIIb avec CFC et formation continue",
                    "IIIb con AFC e perfezionamento",
                    "IIIb with EFZ and further training",
                  ),
                  option(
                    "IV",
                    "IV mit Berufsprüfung",
                    "IV avec examen professionnel",
                    "IV con esame professionale",
                    "IV with professional examination",
                  ),
                ],
              },
            ),
            field(
              "LgavEnforcementContributionExempt",
              L(
                "Vom Vollzugskostenbeitrag befreit",
                "Exonéré de la contribution aux frais d'exécution",
                "Esente dal contributo alle spese d'esecuzione",
                "Exempt from the enforcement contribution",
              ),
              "boolean",
              { default: "false" },
            ),
          ],
        },
      ],
      wageTypes: [
        {
          number: "5080",
          kind: "deduction",
          name: L(
            "Vollzugskostenbeitrag L-GAV",
            "Contribution aux frais d'exécution CCNT",
            "Contributo alle spese d'esecuzione CCNL",
            "L-GAV enforcement contribution",
          ),
          liabilities: [],
          collectors: ["EmployeeDeductions"],
          accounts: { debit: "salaryClearing", credit: "industryFundLiability" },
          description: "LgavEnforcementContributionYear / 12 per month of employment",
        },
      ],
      collectors: [],
      parameters: [
        {
          key: "LgavEnforcementContributionYear",
          displayName: L(
            "Vollzugskostenbeitrag L-GAV pro Jahr",
            "Contribution aux frais d'exécution CCNT par année",
            "Contributo alle spese d'esecuzione CCNL all'anno",
            "L-GAV enforcement contribution per year",
          ),
          value: "99.00",
          unit: "chfPerYear",
          validFrom: "2025-01-01",
          source: lgav,
          assumption:
            "CHF 99 per employee and year, deducted from the wage (L-GAV Art. 35): well known, not re-read here.",
        },
        {
          key: "LgavEnforcementContributionMonth",
          displayName: L(
            "Vollzugskostenbeitrag L-GAV pro Monat",
            "Contribution aux frais d'exécution CCNT par mois",
            "Contributo alle spese d'esecuzione CCNL al mese",
            "L-GAV enforcement contribution per month",
          ),
          value: "8.25",
          unit: "chfPerMonth",
          validFrom: "2025-01-01",
          source: lgav,
          assumption: "99.00 / 12.",
        },
        {
          key: "ThirteenthSalaryMandatory",
          displayName: L(
            "13. Monatslohn obligatorisch (L-GAV)",
            "13e salaire obligatoire (CCNT)",
            "13a mensilità obbligatoria (CCNL)",
            "13th monthly salary mandatory (L-GAV)",
          ),
          value: "true",
          unit: "text",
          validFrom: "2025-01-01",
          source: lgav,
          assumption: "L-GAV Art. 12, not re-read here.",
        },
        {
          key: "HolidayWeeks",
          displayName: L(
            "Ferienanspruch L-GAV",
            "Droit aux vacances CCNT",
            "Diritto alle vacanze CCNL",
            "L-GAV holiday entitlement",
          ),
          value: "5",
          unit: "weeks",
          validFrom: "2025-01-01",
          source: lgav,
          assumption: "L-GAV Art. 17 (35 days), not re-read here.",
        },
        {
          key: "PublicHolidaysPerYear",
          displayName: L(
            "Feiertage pro Jahr (L-GAV)",
            "Jours fériés par année (CCNT)",
            "Giorni festivi all'anno (CCNL)",
            "Public holidays per year (L-GAV)",
          ),
          value: "6",
          unit: "count",
          validFrom: "2025-01-01",
          source: lgav,
          assumption: "L-GAV Art. 18, not re-read here.",
        },
        {
          key: "WeeklyHoursNormal",
          displayName: L(
            "Normale wöchentliche Arbeitszeit (L-GAV)",
            "Durée normale hebdomadaire du travail (CCNT)",
            "Durata normale settimanale del lavoro (CCNL)",
            "Normal weekly working hours (L-GAV)",
          ),
          value: "42",
          unit: "hoursPerWeek",
          validFrom: "2025-01-01",
          source: lgav,
          assumption: "L-GAV Art. 15 (43.5 in seasonal businesses, 45 in small businesses), not re-read here.",
        },
      ],
      lookups: [
        {
          name: "LgavMinimumWages",
          displayName: L(
            "Mindestlöhne L-GAV (CHF pro Monat)",
            "Salaires minimaux CCNT (CHF par mois)",
            "Salari minimi CCNL (CHF al mese)",
            "L-GAV minimum wages (CHF per month)",
          ),
          values: [
            { key: "I", value: "3666.00" },
            { key: "Ia", value: "3768.00" },
            { key: "II", value: "3876.00" },
            { key: "IIIa", value: "4381.00" },
            { key: "IIIb", value: "4483.00" },
            { key: "IV", value: "5172.00" },
          ],
          source: lgav,
          assumption: LGAV_WAGE_ASSUMPTION,
        },
      ],
      sources: [lgav],
    },
  ],
};

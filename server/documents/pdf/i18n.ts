import type { DocumentLanguage } from "@/server/payrolls/document-language";
import { type Rappen, assertRappen, formatRappen, roundRappen } from "@/server/money/rappen";

/**
 * Labels and formats of generated documents in the four document languages. Formats are Swiss
 * whatever the language: dates dd.mm.yyyy, amounts 1'234.50 with an ASCII apostrophe (it survives
 * copy and paste and text extraction unchanged).
 */

export type PdfLabels = {
  // payslip
  payslipTitle: string;
  preview: string;
  employer: string;
  employee: string;
  personnelNumber: string;
  ahvNumber: string;
  uid: string;
  entryDate: string;
  exitDate: string;
  activityRate: string;
  period: string;
  wageType: string;
  text: string;
  base: string;
  rate: string;
  amount: string;
  earnings: string;
  grossWage: string;
  deductions: string;
  totalDeductions: string;
  roundingDifference: string;
  netWage: string;
  allowancesAndExpenses: string;
  payableAmount: string;
  payments: string;
  paymentDate: string;
  bankAccount: string;
  accountHolder: string;
  paidOut: string;
  openAmount: string;
  /** Open (or overpaid) amounts of earlier periods carried into this one. */
  carriedForward: string;
  /** A payout recorded as paid outside the service (no bank file). */
  paidExternally: string;
  noPayments: string;
  employerContributions: string;
  totalEmployerContributions: string;
  yearToDate: string;
  retro: string;
  /** Beside a line whose base is a yearly figure (BVG: the coordinated annual salary). */
  annualBase: string;
  ytd: Record<PayslipYtdKey, string>;
  // salary certificate (form 11)
  certificateTitle: string;
  pensionCertificate: string;
  certificateSubtitle: string;
  certificateYear: string;
  certificatePeriod: string;
  certificateFrom: string;
  certificateTo: string;
  freeTransport: string;
  canteen: string;
  certificateFields: Record<CertificateFieldKey, string>;
  remarks: string;
  placeAndDate: string;
  employerSignature: string;
  wholeFrancs: string;
  field: string;
};

/** Year-to-date figures a payslip shows; names as in server/calc/types.ts YearToDate (plus net, which the service sums). */
export const PAYSLIP_YTD_KEYS = [
  "gross",
  "ahvWage",
  "ahvBase",
  "alvBase",
  "uvgBase",
  "bvgWage",
  "qstWage",
  "thirteenthPaid",
  "net",
] as const;
export type PayslipYtdKey = (typeof PAYSLIP_YTD_KEYS)[number];

/** The numbered amount fields of form 11 this service fills (the others stay empty). */
export const CERTIFICATE_FIELD_KEYS = [
  "1",
  "2.1",
  "2.2",
  "2.3",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10.1",
  "10.2",
  "11",
  "12",
  "13.1.1",
  "13.1.2",
  "13.2.1",
  "13.2.2",
  "13.2.3",
  "13.3",
  "14",
] as const;
export type CertificateFieldKey = (typeof CERTIFICATE_FIELD_KEYS)[number];

const de: PdfLabels = {
  payslipTitle: "Lohnabrechnung",
  preview: "VORSCHAU – nicht definitiv",
  employer: "Arbeitgeber",
  employee: "Mitarbeiter/in",
  personnelNumber: "Personalnummer",
  ahvNumber: "AHV-Nummer",
  uid: "UID",
  entryDate: "Eintritt",
  exitDate: "Austritt",
  activityRate: "Beschäftigungsgrad",
  period: "Periode",
  wageType: "Lohnart",
  text: "Bezeichnung",
  base: "Basis",
  rate: "Satz",
  amount: "Betrag CHF",
  earnings: "Lohn",
  grossWage: "Bruttolohn",
  deductions: "Abzüge",
  totalDeductions: "Total Abzüge",
  roundingDifference: "Rundungsdifferenz",
  netWage: "Nettolohn",
  allowancesAndExpenses: "Zulagen und Spesen",
  payableAmount: "Auszahlungsbetrag",
  payments: "Zahlungen",
  paymentDate: "Datum",
  bankAccount: "Bankverbindung",
  accountHolder: "Kontoinhaber/in",
  paidOut: "Ausbezahlt",
  openAmount: "Offener Betrag",
  carriedForward: "Übertrag aus Vorperioden",
  paidExternally: "ausserhalb bezahlt",
  noPayments: "Noch keine Zahlung",
  employerContributions: "Arbeitgeberbeiträge",
  totalEmployerContributions: "Total Arbeitgeberbeiträge",
  yearToDate: "Jahreswerte",
  retro: "Korrektur",
  annualBase: "Basis: koordinierter Jahreslohn",
  ytd: {
    gross: "Bruttolohn",
    ahvWage: "AHV-pflichtiger Lohn",
    ahvBase: "AHV-Beitragsbasis",
    alvBase: "ALV-Lohn",
    uvgBase: "UVG-Lohn",
    bvgWage: "BVG-Lohn",
    qstWage: "Quellensteuerpflichtiger Lohn",
    thirteenthPaid: "13. Monatslohn",
    net: "Nettolohn",
  },
  certificateTitle: "Lohnausweis",
  pensionCertificate: "Rentenbescheinigung",
  certificateSubtitle: "Formular 11 – für die Steuererklärung",
  certificateYear: "Jahr",
  certificatePeriod: "Periode",
  certificateFrom: "von",
  certificateTo: "bis",
  freeTransport: "Unentgeltliche Beförderung zwischen Wohn- und Arbeitsort",
  canteen: "Kantinenverpflegung / Lunch-Checks",
  certificateFields: {
    "1": "Lohn",
    "2.1": "Gehaltsnebenleistungen: Verpflegung, Unterkunft",
    "2.2": "Gehaltsnebenleistungen: Privatanteil Geschäftsfahrzeug",
    "2.3": "Gehaltsnebenleistungen: andere",
    "3": "Unregelmässige Leistungen",
    "4": "Kapitalleistungen",
    "5": "Beteiligungsrechte",
    "6": "Verwaltungsratsentschädigungen",
    "7": "Andere Leistungen",
    "8": "Bruttolohn total",
    "9": "Beiträge AHV/IV/EO/ALV/NBUV",
    "10.1": "Berufliche Vorsorge 2. Säule: ordentliche Beiträge",
    "10.2": "Berufliche Vorsorge 2. Säule: Beiträge für den Einkauf",
    "11": "Nettolohn",
    "12": "Quellensteuerabzug",
    "13.1.1": "Effektive Spesen: Reise, Verpflegung, Übernachtung",
    "13.1.2": "Effektive Spesen: übrige",
    "13.2.1": "Pauschalspesen: Repräsentation",
    "13.2.2": "Pauschalspesen: Auto",
    "13.2.3": "Pauschalspesen: übrige",
    "13.3": "Beiträge an die Weiterbildung",
    "14": "Weitere Gehaltsnebenleistungen",
  },
  remarks: "Bemerkungen",
  placeAndDate: "Ort und Datum",
  employerSignature: "Arbeitgeber (Name, Adresse, UID)",
  wholeFrancs: "Beträge in ganzen Franken",
  field: "Ziffer",
};

const fr: PdfLabels = {
  payslipTitle: "Décompte de salaire",
  preview: "APERÇU – non définitif",
  employer: "Employeur",
  employee: "Employé(e)",
  personnelNumber: "Numéro du personnel",
  ahvNumber: "Numéro AVS",
  uid: "IDE",
  entryDate: "Entrée",
  exitDate: "Sortie",
  activityRate: "Taux d'activité",
  period: "Période",
  wageType: "Genre",
  text: "Désignation",
  base: "Base",
  rate: "Taux",
  amount: "Montant CHF",
  earnings: "Salaire",
  grossWage: "Salaire brut",
  deductions: "Déductions",
  totalDeductions: "Total des déductions",
  roundingDifference: "Différence d'arrondi",
  netWage: "Salaire net",
  allowancesAndExpenses: "Allocations et frais",
  payableAmount: "Montant à verser",
  payments: "Paiements",
  paymentDate: "Date",
  bankAccount: "Compte bancaire",
  accountHolder: "Titulaire du compte",
  paidOut: "Versé",
  openAmount: "Montant ouvert",
  carriedForward: "Report des périodes précédentes",
  paidExternally: "payé en dehors du service",
  noPayments: "Aucun paiement pour l'instant",
  employerContributions: "Cotisations de l'employeur",
  totalEmployerContributions: "Total des cotisations de l'employeur",
  yearToDate: "Cumuls annuels",
  retro: "Correction",
  annualBase: "base : salaire coordonné annuel",
  ytd: {
    gross: "Salaire brut",
    ahvWage: "Salaire soumis AVS",
    ahvBase: "Base de cotisation AVS",
    alvBase: "Salaire AC",
    uvgBase: "Salaire LAA",
    bvgWage: "Salaire LPP",
    qstWage: "Salaire soumis à l'impôt à la source",
    thirteenthPaid: "13e salaire",
    net: "Salaire net",
  },
  certificateTitle: "Certificat de salaire",
  pensionCertificate: "Attestation de rentes",
  certificateSubtitle: "Formulaire 11 – pour la déclaration d'impôt",
  certificateYear: "Année",
  certificatePeriod: "Période",
  certificateFrom: "du",
  certificateTo: "au",
  freeTransport: "Transport gratuit entre le domicile et le lieu de travail",
  canteen: "Repas à la cantine / chèques-repas",
  certificateFields: {
    "1": "Salaire",
    "2.1": "Prestations salariales accessoires : pension, logement",
    "2.2": "Prestations salariales accessoires : part privée voiture de service",
    "2.3": "Prestations salariales accessoires : autres",
    "3": "Prestations non périodiques",
    "4": "Prestations en capital",
    "5": "Droits de participation",
    "6": "Indemnités des membres de l'administration",
    "7": "Autres prestations",
    "8": "Salaire brut total",
    "9": "Cotisations AVS/AI/APG/AC/AANP",
    "10.1": "Prévoyance professionnelle 2e pilier: cotisations ordinaires",
    "10.2": "Prévoyance professionnelle 2e pilier: cotisations pour le rachat",
    "11": "Salaire net",
    "12": "Retenue de l'impôt à la source",
    "13.1.1": "Frais effectifs: voyage, repas, nuitées",
    "13.1.2": "Frais effectifs: autres",
    "13.2.1": "Frais forfaitaires: représentation",
    "13.2.2": "Frais forfaitaires: voiture",
    "13.2.3": "Frais forfaitaires: autres",
    "13.3": "Contributions au perfectionnement",
    "14": "Autres prestations salariales accessoires",
  },
  remarks: "Observations",
  placeAndDate: "Lieu et date",
  employerSignature: "Employeur (nom, adresse, IDE)",
  wholeFrancs: "Montants en francs entiers",
  field: "Chiffre",
};

const it: PdfLabels = {
  payslipTitle: "Conteggio salariale",
  preview: "ANTEPRIMA – non definitivo",
  employer: "Datore di lavoro",
  employee: "Dipendente",
  personnelNumber: "Numero del personale",
  ahvNumber: "Numero AVS",
  uid: "IDI",
  entryDate: "Entrata",
  exitDate: "Uscita",
  activityRate: "Grado d'occupazione",
  period: "Periodo",
  wageType: "Genere",
  text: "Designazione",
  base: "Base",
  rate: "Tasso",
  amount: "Importo CHF",
  earnings: "Salario",
  grossWage: "Salario lordo",
  deductions: "Deduzioni",
  totalDeductions: "Totale deduzioni",
  roundingDifference: "Differenza d'arrotondamento",
  netWage: "Salario netto",
  allowancesAndExpenses: "Assegni e spese",
  payableAmount: "Importo da versare",
  payments: "Pagamenti",
  paymentDate: "Data",
  bankAccount: "Conto bancario",
  accountHolder: "Titolare del conto",
  paidOut: "Versato",
  openAmount: "Importo aperto",
  carriedForward: "Riporto dai periodi precedenti",
  paidExternally: "pagato al di fuori del servizio",
  noPayments: "Nessun pagamento finora",
  employerContributions: "Contributi del datore di lavoro",
  totalEmployerContributions: "Totale contributi del datore di lavoro",
  yearToDate: "Cumuli annuali",
  retro: "Rettifica",
  annualBase: "base: salario coordinato annuo",
  ytd: {
    gross: "Salario lordo",
    ahvWage: "Salario soggetto AVS",
    ahvBase: "Base contributiva AVS",
    alvBase: "Salario AD",
    uvgBase: "Salario LAINF",
    bvgWage: "Salario LPP",
    qstWage: "Salario soggetto all'imposta alla fonte",
    thirteenthPaid: "13a mensilità",
    net: "Salario netto",
  },
  certificateTitle: "Certificato di salario",
  pensionCertificate: "Attestazione di rendite",
  certificateSubtitle: "Modulo 11 – per la dichiarazione d'imposta",
  certificateYear: "Anno",
  certificatePeriod: "Periodo",
  certificateFrom: "dal",
  certificateTo: "al",
  freeTransport: "Trasporto gratuito tra domicilio e luogo di lavoro",
  canteen: "Pasti alla mensa / buoni pasto",
  certificateFields: {
    "1": "Salario",
    "2.1": "Prestazioni accessorie al salario: vitto, alloggio",
    "2.2": "Prestazioni accessorie al salario: quota privata automobile di servizio",
    "2.3": "Prestazioni accessorie al salario: altre",
    "3": "Prestazioni aperiodiche",
    "4": "Prestazioni in capitale",
    "5": "Diritti di partecipazione",
    "6": "Indennità dei membri del consiglio d'amministrazione",
    "7": "Altre prestazioni",
    "8": "Salario lordo totale",
    "9": "Contributi AVS/AI/IPG/AD/AINP",
    "10.1": "Previdenza professionale 2° pilastro: contributi ordinari",
    "10.2": "Previdenza professionale 2° pilastro: contributi per il riscatto",
    "11": "Salario netto",
    "12": "Ritenuta d'imposta alla fonte",
    "13.1.1": "Spese effettive: viaggio, vitto, alloggio",
    "13.1.2": "Spese effettive: altre",
    "13.2.1": "Spese forfettarie: rappresentanza",
    "13.2.2": "Spese forfettarie: automobile",
    "13.2.3": "Spese forfettarie: altre",
    "13.3": "Contributi al perfezionamento",
    "14": "Altre prestazioni accessorie al salario",
  },
  remarks: "Osservazioni",
  placeAndDate: "Luogo e data",
  employerSignature: "Datore di lavoro (nome, indirizzo, IDI)",
  wholeFrancs: "Importi in franchi interi",
  field: "Cifra",
};

const en: PdfLabels = {
  payslipTitle: "Payslip",
  preview: "PREVIEW – not final",
  employer: "Employer",
  employee: "Employee",
  personnelNumber: "Personnel number",
  ahvNumber: "AHV number",
  uid: "UID",
  entryDate: "Entry",
  exitDate: "Exit",
  activityRate: "Activity rate",
  period: "Period",
  wageType: "Wage type",
  text: "Description",
  base: "Base",
  rate: "Rate",
  amount: "Amount CHF",
  earnings: "Earnings",
  grossWage: "Gross wage",
  deductions: "Deductions",
  totalDeductions: "Total deductions",
  roundingDifference: "Rounding difference",
  netWage: "Net wage",
  allowancesAndExpenses: "Allowances and expenses",
  payableAmount: "Payable amount",
  payments: "Payments",
  paymentDate: "Date",
  bankAccount: "Bank account",
  accountHolder: "Account holder",
  paidOut: "Paid out",
  openAmount: "Open amount",
  carriedForward: "Carried from earlier periods",
  paidExternally: "paid outside the service",
  noPayments: "No payment yet",
  employerContributions: "Employer contributions",
  totalEmployerContributions: "Total employer contributions",
  yearToDate: "Year to date",
  retro: "Correction",
  annualBase: "base: annual coordinated salary",
  ytd: {
    gross: "Gross wage",
    ahvWage: "AHV-liable wage",
    ahvBase: "AHV contribution base",
    alvBase: "ALV wage",
    uvgBase: "UVG wage",
    bvgWage: "BVG wage",
    qstWage: "Withholding-tax-liable wage",
    thirteenthPaid: "13th salary",
    net: "Net wage",
  },
  certificateTitle: "Salary certificate",
  pensionCertificate: "Pension certificate",
  certificateSubtitle: "Form 11 – for the tax return",
  certificateYear: "Year",
  certificatePeriod: "Period",
  certificateFrom: "from",
  certificateTo: "to",
  freeTransport: "Free transport between home and work",
  canteen: "Canteen meals / lunch vouchers",
  certificateFields: {
    "1": "Salary",
    "2.1": "Fringe benefits: board and lodging",
    "2.2": "Fringe benefits: private use of company car",
    "2.3": "Fringe benefits: other",
    "3": "Irregular benefits",
    "4": "Capital benefits",
    "5": "Equity rights",
    "6": "Board of directors' fees",
    "7": "Other benefits",
    "8": "Gross salary total",
    "9": "AHV/IV/EO/ALV/NBUV contributions",
    "10.1": "Occupational pension (2nd pillar): ordinary contributions",
    "10.2": "Occupational pension (2nd pillar): buy-in contributions",
    "11": "Net salary",
    "12": "Withholding tax deducted",
    "13.1.1": "Actual expenses: travel, meals, overnight stays",
    "13.1.2": "Actual expenses: other",
    "13.2.1": "Flat-rate expenses: representation",
    "13.2.2": "Flat-rate expenses: car",
    "13.2.3": "Flat-rate expenses: other",
    "13.3": "Contributions to further training",
    "14": "Further fringe benefits",
  },
  remarks: "Remarks",
  placeAndDate: "Place and date",
  employerSignature: "Employer (name, address, UID)",
  wholeFrancs: "Amounts in whole francs",
  field: "Field",
};

const LABELS: Readonly<Record<DocumentLanguage, PdfLabels>> = { de, fr, it, en };

export function pdfLabels(language: DocumentLanguage): PdfLabels {
  return LABELS[language];
}

const MONTHS: Readonly<Record<DocumentLanguage, readonly string[]>> = {
  de: [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
  ],
  fr: [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
  it: [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
};

/** "2026-03-01" -> "März 2026" / "mars 2026". */
export function formatMonthName(isoDate: string, language: DocumentLanguage): string {
  const month = Number(isoDate.slice(5, 7));
  return `${MONTHS[language][month - 1] ?? isoDate.slice(5, 7)} ${isoDate.slice(0, 4)}`;
}

/** "2026-03-31" -> "31.03.2026". */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : isoDate;
}

/** "2026-03-01" -> "03.2026": the period a retro line corrects. */
export function formatPeriodShort(isoDate: string): string {
  return `${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

/** Rappen as a Swiss amount: 123456 -> "1'234.56", -34450 -> "-344.50". */
export function formatChf(rappen: Rappen): string {
  const [whole = "0", cents = "00"] = formatRappen(rappen).split(".");
  const negative = whole.startsWith("-");
  return `${negative ? "-" : ""}${groupThousands(negative ? whole.slice(1) : whole)}.${cents}`;
}

/** Rappen rounded to whole francs, commercial (half away from zero): 123450 -> 1235. */
export function wholeFrancs(rappen: Rappen): number {
  assertRappen(rappen);
  // A multiple of 100 divided by 100 is exact.
  return roundRappen(rappen, { mode: "halfUp", step: 100 }) / 100;
}

/** Whole francs with thousands separators: 78000 -> "78'000". */
export function formatFrancs(francs: number): string {
  assertRappen(francs);
  const negative = francs < 0;
  return `${negative ? "-" : ""}${groupThousands(String(Math.abs(francs)))}`;
}

/** A percent-units decimal string as stored ("5.3", "80") -> "5.3 %". */
export function formatPercentText(percent: string): string {
  return `${percent} %`;
}

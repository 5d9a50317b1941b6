import { field, option } from "./fields";
import { CANTON_CODES } from "./identifiers";
import type {
  CaseDefinition,
  Collector,
  Localized,
  Lookup,
  Parameter,
  Regulation,
  RegulationVersion,
  Source,
  WageType,
} from "./types";
import { L } from "./types";

/**
 * The Swiss country regulation `CH`. Cases, fields and wage types follow
 * ../shared/domain/ch-case-catalog.md exactly (their names are API); parameters come from
 * ../shared/domain/swiss-payroll.md section 1 with the sources named there.
 *
 * Adding a version: copy the previous version's arrays, change what changed (keep unchanged
 * parameters with their original validFrom), append it to `versions` with its validFrom and a line
 * in `changes`. versionInForce() picks it up from that date on; nothing else changes.
 */

// ---------------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------------

const S = {
  weka: {
    title: "Weka: Neuerungen Sozialversicherungen 2026 (Beträge 2026 unverändert)",
    url: "https://www.weka.ch/themen/personal/sozialversicherungen/sozialversicherungsbeitraege/article/neuerungen-sozialversicherungen-dies-sind-die-aktuellen-zahlen",
    secondary: true,
  },
  southvision: {
    title: "Comparison table social insurance 2024/2025/2026",
    url: "https://treuhand.southvision.de/news/wichtige-aenderungen-in-den-sozialversicherungen",
    secondary: true,
  },
  svaBl: {
    title: "SVA Basel-Landschaft: Beitragspflicht AHV/IV/EO",
    url: "https://www.sva-bl.ch/de/ausgleichskasse/beitragspflicht-ahv/iv/eo/hausdienst-arbeitgebende",
  },
  medisuisse: {
    title: "medisuisse: Beitragshöhe Arbeitgebende",
    url: "https://medisuisse.ch/beitraege/arbeitgebende/beitragshoehe",
  },
  uvv: {
    title: "UVV Art. 22 para. 1 (maximum insured salary); synoptic table 2025",
    url: "https://swiss-online-kurs.ch/synoptische-tabelle-der-anwendbaren-beitrags-und-praemiensaetze-2025-im-bereich-der-ahv/",
    secondary: true,
  },
  uvv13: {
    title: "UVV Art. 13 (NBU cover from 8 hours per week)",
    url: "https://www.karriere-thurgau.ch/im-fokus/lohnabzuege-einfach-erklaert-eine-uebersicht-553.html",
    secondary: true,
  },
  lohnausweis: {
    title: "ESTV/SSK: Wegleitung zum Ausfüllen des Lohnausweises (605.040.18.1d, from 01.01.2022), field 2.2",
    url: "https://de.scribd.com/document/633389599/la-wegleitung-2022",
  },
  helvetia: {
    title: "Helvetia: Vorsorge 2026 KMU (minor-salary exemption)",
    url: "https://www.helvetia.com/ch/web/de/geschaeftskunden/ratgeber/kmu/news-vorsorge-2026-kmu.html",
  },
  ahv201: {
    title: "AHV leaflet 2.01 Lohnbeiträge",
    url: "http://docplayer.org/5222967-Lohnbeitraege-an-die-ahv-die-iv-und-die-eo.html",
  },
  mzo: {
    title: "MZO: Sozialversicherungskennzahlen 2026",
    url: "https://mzo.ch/sozialversicherungskennzahlen-2026",
    secondary: true,
  },
  meitreu: {
    title: "Meitreu: Kennzahlen Sozialversicherungen 2026",
    url: "https://www.meitreu.ch/news-blog/kennzahlen-sozialversicherungen-2026",
    secondary: true,
  },
  kendris: {
    title: "Kendris: Sozialversicherungen Beiträge und Leistungen 2026",
    url: "https://www.kendris.com/de/news-insights/2026/01/08/sozialversicherungen-beitr%C3%A4ge-und-leistungen-2026",
    secondary: true,
  },
  bvg16: { title: "BVG Art. 16 (age credits)", url: "https://lawbrary.ch/law/art/BVG-v2020.09-de-art-16" },
  bvgStart: {
    title: "BVG insurance start (risk 1 Jan after 17th birthday, savings after 24th)",
    url: "https://www.kv-mindmap.ch/schule/3-Saeulen/3-Saeulen-Prinzip-135.htm",
    secondary: true,
  },
  famzv: {
    title: "SR 836.21 FamZV Art. 5 / minimum rates (fedlex, in force 2025-01-01)",
    url: "https://www.fedlex.admin.ch/filestore/fedlex.data.admin.ch/eli/cc/2024/493/20250101/de/html/fedlex-data-admin-ch-eli-cc-2024-493-20250101-de-html.html",
  },
  eak: {
    title: "EAK: Mindestansätze der Familienzulagen werden erhöht",
    url: "https://eak.admin.ch/eak/de/home/EAK/publikationen/mitteilungs-archiv/mindestansaetze-der-familienzulagen-werden-erhoeht.html",
  },
  or329a: {
    title: "OR Art. 329a (minimum holiday)",
    url: "https://quitt.zendesk.com/hc/de/articles/4403500648466-Auf-wieviel-Ferien-hat-meine-Haushaltshilfe-Anspruch",
    secondary: true,
  },
  qstModel: {
    title: "Quellensteuer 2021: monthly and annual model cantons",
    url: "https://www.klara.ch/blog/quellensteuer-2021",
    secondary: true,
  },
  qstv: { title: "QStV Art. 1 (tariff codes)", url: "https://lawbrary.ch/law/art/QSTV-v2021.01-de-art-1" },
  qstHourly: {
    title:
      "ESTV Kreisschreiben Nr. 45 (Quellensteuer), rate-determining income of hourly and daily wage earners: the agreed hourly wage converted to 180 hours a month",
    url: "https://www.twin-treuhand.ch/de/newsletter-1-2020-2.html",
    note: "Also gastrosocial.ch help center ('Umrechnung auf 180 Stunden', the hourly wage including holiday and public-holiday compensation).",
    secondary: true,
  },
  swissdecProfile: {
    title: "Swissdec test company profile (family allowances per canton)",
    note: "Test data (vegimac/hr-system Assets/Swissdec/Testmandant); cross-check with BSV 'Arten und Ansätze'.",
    secondary: true,
  },
  estvZh: {
    title: "ESTV withholding-tax tariff files tar26zh.txt, tar26ag.txt and tar26lu.txt (cantons ZH, AG, LU, 2026)",
    url: "https://www.estv.admin.ch",
  },
} satisfies Record<string, Source>;

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

const languageOptions = [
  option("de", "Deutsch", "allemand", "tedesco", "German"),
  option("fr", "Französisch", "français", "francese", "French"),
  option("it", "Italienisch", "italien", "italiano", "Italian"),
  option("en", "Englisch", "anglais", "inglese", "English"),
];

const companyCases: CaseDefinition[] = [
  {
    name: "CompanyAddress",
    scope: "company",
    cluster: null,
    displayName: L("Firmenadresse", "Adresse de l'entreprise", "Indirizzo dell'azienda", "Company address"),
    fields: [
      field("CompanyStreet", L("Strasse", "Rue", "Via", "Street"), "text", { required: "calculation" }),
      field("CompanyHouseNumber", L("Hausnummer", "Numéro", "Numero civico", "House number"), "text"),
      field("CompanyPostalCode", L("PLZ", "NPA", "NPA", "Postal code"), "text", { required: "calculation" }),
      field("CompanyCity", L("Ort", "Localité", "Località", "City"), "text", { required: "calculation" }),
      field("CompanyCountry", L("Land", "Pays", "Paese", "Country"), "country", { default: "CH" }),
    ],
  },
  {
    name: "CompanyRegistration",
    scope: "company",
    cluster: null,
    displayName: L("Handelsregister", "Registre du commerce", "Registro di commercio", "Company registration"),
    fields: [
      field("CompanyUid", L("UID", "IDE", "IDI", "UID"), "uid", { required: "calculation" }),
      field("CompanyBurNumber", L("BUR-Nummer", "Numéro REE", "Numero RIS", "BUR number"), "text"),
    ],
  },
  {
    name: "CompanyBankAccount",
    scope: "company",
    cluster: null,
    displayName: L(
      "Bankverbindung Firma",
      "Compte bancaire de l'entreprise",
      "Conto bancario dell'azienda",
      "Company bank account",
    ),
    fields: [
      field("CompanyIban", L("IBAN", "IBAN", "IBAN", "IBAN"), "iban", { required: "payment" }),
      field("CompanyBankName", L("Bank", "Banque", "Banca", "Bank name"), "text"),
      field("CompanyBic", L("BIC", "BIC", "BIC", "BIC"), "text"),
    ],
  },
  {
    name: "CompanyAhv",
    scope: "company",
    cluster: null,
    displayName: L(
      "AHV-Ausgleichskasse",
      "Caisse de compensation AVS",
      "Cassa di compensazione AVS",
      "AHV compensation fund",
    ),
    fields: [
      field("AhvFundNumber", L("Kassennummer", "Numéro de caisse", "Numero della cassa", "Fund number"), "text", {
        required: "calculation",
      }),
      field(
        "AhvMemberNumber",
        L("Abrechnungsnummer", "Numéro d'affilié", "Numero di affiliato", "Member number"),
        "text",
        { required: "calculation" },
      ),
      field(
        "AhvAdminCostRate",
        L(
          "Verwaltungskostensatz (% der AHV/IV/EO-Beiträge)",
          "Frais d'administration (% des cotisations AVS/AI/APG)",
          "Spese amministrative (% dei contributi AVS/AI/IPG)",
          "Administration cost rate (% of AHV/IV/EO contributions)",
        ),
        "percent",
        { default: "0", min: "0", max: "5" },
      ),
      // AHVV Art. 34d: minor salaries are exempt unless the person asks, except in these sectors (parameter
      // MinorSalaryExemptionExcludedSectors, from 2026).
      field("EmployerSector", L("Branche", "Branche", "Settore", "Sector"), "enum", {
        default: "other",
        options: [
          option("other", "andere", "autre", "altro", "other"),
          option("household", "Privathaushalt", "ménage privé", "economia domestica", "private household"),
          option("artists", "Kunstschaffende", "artistes", "artisti", "artists"),
          option("design", "Design", "design", "design", "design"),
          option("museums", "Museen", "musées", "musei", "museums"),
          option(
            "electronicMedia",
            "elektronische Medien",
            "médias électroniques",
            "media elettronici",
            "electronic media",
          ),
          option("printMedia", "Printmedien", "presse écrite", "stampa", "print media"),
          option("choirs", "Chöre", "chœurs", "cori", "choirs"),
        ],
        description: L(
          "Ausser bei «andere» gilt keine Freigrenze für geringfügige Löhne (Design, Museen, Medien und Chöre ab 2026)",
          "Sauf pour « autre », pas de franchise pour les salaires de minime importance (design, musées, médias et chœurs dès 2026)",
          "Salvo «altro», nessuna franchigia per i salari di poca entità (design, musei, media e cori dal 2026)",
          'Except for "other", no minor-salary exemption (design, museums, media and choirs from 2026)',
        ),
      }),
    ],
  },
  {
    name: "CompanyUvg",
    scope: "company",
    cluster: null,
    displayName: L(
      "Unfallversicherung (UVG)",
      "Assurance accidents (LAA)",
      "Assicurazione infortuni (LAINF)",
      "Accident insurance (UVG)",
    ),
    fields: [
      field("UvgInsurer", L("Versicherer", "Assureur", "Assicuratore", "Insurer"), "text", { required: "calculation" }),
      field("UvgCustomerNumber", L("Kundennummer", "Numéro de client", "Numero cliente", "Customer number"), "text"),
      field(
        "UvgContractNumber",
        L("Vertragsnummer", "Numéro de contrat", "Numero di contratto", "Contract number"),
        "text",
      ),
      field(
        "NbuRate",
        L("NBU-Prämiensatz", "Taux de prime AANP", "Tasso di premio INP", "NBU premium rate"),
        "percent",
        { required: "calculation", min: "0", max: "100" },
      ),
      field("BuRate", L("BU-Prämiensatz", "Taux de prime AAP", "Tasso di premio IP", "BU premium rate"), "percent", {
        required: "calculation",
        min: "0",
        max: "100",
      }),
      field(
        "NbuEmployeeShare",
        L(
          "NBU-Anteil Arbeitnehmende",
          "Part AANP des employés",
          "Quota INP dei dipendenti",
          "NBU share borne by the employee",
        ),
        "percent",
        { default: "100", min: "0", max: "100" },
      ),
    ],
  },
  {
    name: "CompanyKtg",
    scope: "company",
    cluster: null,
    displayName: L(
      "Krankentaggeld (KTG)",
      "Indemnités journalières maladie (IJM)",
      "Indennità giornaliera di malattia (IGM)",
      "Daily sickness allowance (KTG)",
    ),
    fields: [
      field("KtgInsurer", L("Versicherer", "Assureur", "Assicuratore", "Insurer"), "text"),
      field("KtgRateMen", L("Prämiensatz Männer", "Taux hommes", "Tasso uomini", "Rate men"), "percent", {
        min: "0",
        max: "100",
      }),
      field("KtgRateWomen", L("Prämiensatz Frauen", "Taux femmes", "Tasso donne", "Rate women"), "percent", {
        min: "0",
        max: "100",
      }),
      field(
        "KtgEmployeeShare",
        L("Anteil Arbeitnehmende", "Part des employés", "Quota dei dipendenti", "Employee share"),
        "percent",
        { default: "50", min: "0", max: "100" },
      ),
      field(
        "KtgMaxSalary",
        L("Maximaler Jahreslohn", "Salaire annuel maximal", "Salario annuo massimo", "Maximum salary per year"),
        "money",
        { min: "0" },
      ),
    ],
  },
  {
    name: "CompanyFak",
    scope: "company",
    cluster: null,
    displayName: L(
      "Familienausgleichskasse (FAK)",
      "Caisse d'allocations familiales (CAF)",
      "Cassa di compensazione per assegni familiari (CAF)",
      "Family allowance fund (FAK)",
    ),
    fields: [
      field("FakCanton", L("Kanton", "Canton", "Cantone", "Canton"), "canton", { required: "calculation" }),
      field("FakFundNumber", L("Kassennummer", "Numéro de caisse", "Numero della cassa", "Fund number"), "text"),
      field(
        "FakRate",
        L("FAK-Beitragssatz", "Taux de cotisation CAF", "Tasso di contributo CAF", "FAK contribution rate"),
        "percent",
        { required: "calculation", min: "0", max: "100" },
      ),
    ],
  },
  {
    name: "CompanyBvg",
    scope: "company",
    cluster: null,
    displayName: L("Pensionskasse (BVG)", "Caisse de pension (LPP)", "Cassa pensione (LPP)", "Pension fund (BVG)"),
    fields: [
      field(
        "BvgInsurer",
        L("Vorsorgeeinrichtung", "Institution de prévoyance", "Istituto di previdenza", "Pension fund"),
        "text",
      ),
      field(
        "BvgContractNumber",
        L("Vertragsnummer", "Numéro de contrat", "Numero di contratto", "Contract number"),
        "text",
      ),
    ],
  },
];

const employeeCases: CaseDefinition[] = [
  {
    name: "EmployeePersonalData",
    scope: "employee",
    cluster: "ESS",
    displayName: L("Personalien", "Données personnelles", "Dati personali", "Personal data"),
    fields: [
      field("BirthDate", L("Geburtsdatum", "Date de naissance", "Data di nascita", "Birth date"), "date", {
        required: "calculation",
      }),
      field("Sex", L("Geschlecht", "Sexe", "Sesso", "Sex"), "enum", {
        required: "calculation",
        options: [
          option("female", "weiblich", "féminin", "femminile", "female"),
          option("male", "männlich", "masculin", "maschile", "male"),
        ],
      }),
      field("AhvNumber", L("AHV-Nummer", "Numéro AVS", "Numero AVS", "AHV number"), "ahvNumber", {
        required: "calculation",
      }),
      field("Nationality", L("Nationalität", "Nationalité", "Nazionalità", "Nationality"), "country"),
      field("CivilStatus", L("Zivilstand", "État civil", "Stato civile", "Civil status"), "enum", {
        options: [
          option("single", "ledig", "célibataire", "celibe/nubile", "single"),
          option("married", "verheiratet", "marié(e)", "sposato/a", "married"),
          option("divorced", "geschieden", "divorcé(e)", "divorziato/a", "divorced"),
          option("widowed", "verwitwet", "veuf/veuve", "vedovo/a", "widowed"),
          option("separated", "getrennt", "séparé(e)", "separato/a", "separated"),
          option(
            "registeredPartnership",
            "eingetragene Partnerschaft",
            "partenariat enregistré",
            "unione domestica registrata",
            "registered partnership",
          ),
        ],
      }),
      field(
        "CorrespondenceLanguage",
        L("Korrespondenzsprache", "Langue de correspondance", "Lingua di corrispondenza", "Correspondence language"),
        "enum",
        { options: languageOptions },
      ),
    ],
  },
  {
    name: "EmployeeAddress",
    scope: "employee",
    cluster: "ESS",
    displayName: L("Adresse", "Adresse", "Indirizzo", "Address"),
    fields: [
      field("Street", L("Strasse", "Rue", "Via", "Street"), "text"),
      field("HouseNumber", L("Hausnummer", "Numéro", "Numero civico", "House number"), "text"),
      field("PostalCode", L("PLZ", "NPA", "NPA", "Postal code"), "text", { required: "calculation" }),
      field("City", L("Ort", "Localité", "Località", "City"), "text", { required: "calculation" }),
      field("Country", L("Land", "Pays", "Paese", "Country"), "country", { required: "calculation" }),
      field(
        "ResidenceCanton",
        L("Wohnkanton", "Canton de domicile", "Cantone di domicilio", "Canton of residence"),
        "canton",
      ),
      field(
        "ResidenceMunicipality",
        L(
          "Wohngemeinde (BFS-Nr.)",
          "Commune de domicile (n° OFS)",
          "Comune di domicilio (n. UST)",
          "Municipality of residence (BFS no.)",
        ),
        "bfsNumber",
      ),
    ],
  },
  {
    name: "EmployeePartner",
    scope: "employee",
    cluster: "ECT",
    displayName: L("Partner/in", "Partenaire", "Partner", "Partner"),
    fields: [
      field("PartnerFirstName", L("Vorname", "Prénom", "Nome", "First name"), "text"),
      field("PartnerLastName", L("Nachname", "Nom", "Cognome", "Last name"), "text"),
      field("PartnerBirthDate", L("Geburtsdatum", "Date de naissance", "Data di nascita", "Birth date"), "date"),
      field("PartnerAhvNumber", L("AHV-Nummer", "Numéro AVS", "Numero AVS", "AHV number"), "ahvNumber"),
      field(
        "PartnerEmployed",
        L("Erwerbstätig", "Exerce une activité lucrative", "Esercita un'attività lucrativa", "Employed"),
        "boolean",
      ),
    ],
  },
  {
    name: "EmployeeBankAccount",
    scope: "employee",
    cluster: "ESS",
    displayName: L("Bankverbindung", "Compte bancaire", "Conto bancario", "Bank account"),
    fields: [
      field("Iban", L("IBAN", "IBAN", "IBAN", "IBAN"), "iban", { required: "payment", refuseQrIban: true }),
      field(
        "AccountHolder",
        L("Kontoinhaber/in", "Titulaire du compte", "Titolare del conto", "Account holder"),
        "text",
      ),
    ],
  },
  {
    // HR only (no cluster): a split salary payment. Each payout pays this account its share and the
    // main account (EmployeeBankAccount) the rest: a fixed amount per period, or a percentage of each payout.
    name: "EmployeeSecondBankAccount",
    scope: "employee",
    cluster: null,
    displayName: L(
      "Zweite Bankverbindung (Lohnaufteilung)",
      "Second compte bancaire (salaire partagé)",
      "Secondo conto bancario (stipendio ripartito)",
      "Second bank account (split salary)",
    ),
    fields: [
      field("SecondIban", L("IBAN", "IBAN", "IBAN", "IBAN"), "iban", { refuseQrIban: true }),
      field(
        "SecondAccountHolder",
        L("Kontoinhaber/in", "Titulaire du compte", "Titolare del conto", "Account holder"),
        "text",
      ),
      field(
        "SecondAccountAmount",
        L(
          "Fester Betrag je Periode",
          "Montant fixe par période",
          "Importo fisso per periodo",
          "Fixed amount per period",
        ),
        "money",
        {
          min: "0",
          description: L(
            "Wird je Periode höchstens einmal auf dieses Konto bezahlt",
            "Versé au plus une fois par période sur ce compte",
            "Versato al massimo una volta per periodo su questo conto",
            "Paid to this account at most once per period",
          ),
        },
      ),
      field(
        "SecondAccountPercent",
        L(
          "Anteil jeder Auszahlung (%)",
          "Part de chaque versement (%)",
          "Quota di ogni versamento (%)",
          "Share of each payout (%)",
        ),
        "percent",
        { min: "0", max: "100" },
      ),
    ],
  },
  {
    name: "Employment",
    scope: "employee",
    cluster: null,
    displayName: L("Anstellung", "Engagement", "Impiego", "Employment"),
    fields: [
      field("EntryDate", L("Eintrittsdatum", "Date d'entrée", "Data d'entrata", "Entry date"), "date", {
        required: "calculation",
      }),
      field("ExitDate", L("Austrittsdatum", "Date de sortie", "Data d'uscita", "Exit date"), "date"),
      field(
        "ActivityRate",
        L("Beschäftigungsgrad", "Taux d'activité", "Grado d'occupazione", "Activity rate"),
        "percent",
        { required: "calculation", min: "0", max: "100" },
      ),
      field(
        "WorkplaceCanton",
        L("Arbeitsort-Kanton", "Canton du lieu de travail", "Cantone del luogo di lavoro", "Workplace canton"),
        "canton",
        { required: "calculation" },
      ),
      field("ContractType", L("Vertragsart", "Type de contrat", "Tipo di contratto", "Contract type"), "enum", {
        options: [
          option("permanent", "unbefristet", "durée indéterminée", "a tempo indeterminato", "permanent"),
          option("fixedTerm", "befristet", "durée déterminée", "a tempo determinato", "fixed term"),
        ],
      }),
      field("WeeklyHours", L("Wochenstunden", "Heures par semaine", "Ore settimanali", "Weekly hours"), "decimal", {
        min: "0",
        max: "168",
        description: L(
          "NBU-Deckung ab 8 Stunden pro Woche",
          "Couverture AANP dès 8 heures par semaine",
          "Copertura INP da 8 ore settimanali",
          "NBU cover needs at least 8 hours per week",
        ),
      }),
      field(
        "AhvMinorSalaryContributions",
        L(
          "AHV-Beiträge auf geringfügigem Lohn verlangt",
          "Cotisations AVS sur un salaire de minime importance demandées",
          "Contributi AVS sul salario di poca entità richiesti",
          "AHV contributions on a minor salary requested",
        ),
        "boolean",
        {
          description: L(
            "Bis CHF 2'500 im Jahr werden AHV-Beiträge nur auf Verlangen der Person erhoben",
            "Jusqu'à CHF 2'500 par année, les cotisations AVS ne sont perçues qu'à la demande de la personne",
            "Fino a CHF 2'500 all'anno i contributi AVS sono riscossi solo su richiesta della persona",
            "Up to CHF 2,500 a year, AHV contributions are levied only at the person's request",
          ),
        },
      ),
    ],
  },
  {
    name: "Salary",
    scope: "employee",
    cluster: null,
    displayName: L("Lohn", "Salaire", "Salario", "Salary"),
    fields: [
      field("SalaryType", L("Lohnart", "Type de salaire", "Tipo di salario", "Salary type"), "enum", {
        required: "calculation",
        options: [
          option("monthly", "Monatslohn", "salaire mensuel", "salario mensile", "monthly"),
          option("hourly", "Stundenlohn", "salaire horaire", "salario orario", "hourly"),
        ],
      }),
      field("MonthlySalary", L("Monatslohn", "Salaire mensuel", "Salario mensile", "Monthly salary"), "money", {
        required: "calculation",
        requiredWhen: { field: "SalaryType", in: ["monthly"] },
        min: "0",
        description: L(
          "Vereinbarter Monatslohn beim Beschäftigungsgrad",
          "Salaire mensuel convenu au taux d'activité",
          "Salario mensile convenuto al grado d'occupazione",
          "The agreed monthly salary at the activity rate",
        ),
      }),
      field("HourlyWage", L("Stundenlohn", "Salaire horaire", "Salario orario", "Hourly wage"), "money", {
        required: "calculation",
        requiredWhen: { field: "SalaryType", in: ["hourly"] },
        min: "0",
      }),
      field("ThirteenthSalary", L("13. Monatslohn", "13e salaire", "13a mensilità", "13th salary"), "enum", {
        default: "none",
        options: [
          option("none", "keiner", "aucun", "nessuna", "none"),
          option("monthly", "monatlich", "mensuel", "mensile", "monthly"),
          option("december", "im Dezember", "en décembre", "a dicembre", "in December"),
        ],
      }),
      field(
        "HolidayWeeks",
        L("Ferienwochen", "Semaines de vacances", "Settimane di vacanza", "Holiday weeks"),
        "decimal",
        { default: "4", min: "4", max: "10" },
      ),
      field("FourteenthSalary", L("14. Monatslohn", "14e salaire", "14a mensilità", "14th salary"), "enum", {
        default: "none",
        options: [
          option("none", "keiner", "aucun", "nessuna", "none"),
          option("monthly", "monatlich", "mensuel", "mensile", "monthly"),
          option("december", "im Dezember", "en décembre", "a dicembre", "in December"),
        ],
      }),
    ],
  },
  {
    name: "WorkedHours",
    scope: "employee",
    cluster: null,
    displayName: L("Arbeitsstunden", "Heures travaillées", "Ore lavorate", "Worked hours"),
    fields: [field("Hours", L("Stunden", "Heures", "Ore", "Hours"), "decimal", { moment: true, min: "0" })],
  },
  {
    name: "OneTimePayment",
    scope: "employee",
    cluster: null,
    displayName: L("Einmalzahlung", "Paiement unique", "Pagamento unico", "One-time payment"),
    // The description goes with the bonus of its period, so it is a moment field too.
    fields: [
      field("BonusAmount", L("Bonus", "Bonus", "Bonus", "Bonus"), "money", { moment: true }),
      field("BonusDescription", L("Beschreibung", "Description", "Descrizione", "Description"), "text", {
        moment: true,
      }),
    ],
  },
  {
    name: "FringeBenefits",
    scope: "employee",
    cluster: null,
    displayName: L("Gehaltsnebenleistungen", "Prestations accessoires", "Prestazioni accessorie", "Fringe benefits"),
    fields: [
      field(
        "CompanyCarPrice",
        L(
          "Kaufpreis des Fahrzeugs",
          "Prix d'achat du véhicule",
          "Prezzo d'acquisto del veicolo",
          "Purchase price of the car",
        ),
        "money",
        {
          min: "0",
          description: L(
            "Privatanteil pro Monat: 0,9 % des Kaufpreises, mindestens CHF 150",
            "Part privée par mois : 0,9 % du prix d'achat, au moins CHF 150",
            "Quota privata al mese: 0,9 % del prezzo d'acquisto, almeno CHF 150",
            "Private use per month: 0.9 % of the purchase price, at least CHF 150",
          ),
        },
      ),
      field(
        "BoardAndLodgingValue",
        L(
          "Verpflegung und Unterkunft pro Monat",
          "Pension et logement par mois",
          "Vitto e alloggio al mese",
          "Board and lodging per month",
        ),
        "money",
        {
          min: "0",
          description: L(
            "Wert der unentgeltlichen Verpflegung und Unterkunft (Lohnausweis Ziffer 2.1)",
            "Valeur de la pension et du logement gratuits (certificat de salaire chiffre 2.1)",
            "Valore del vitto e dell'alloggio gratuiti (certificato di salario cifra 2.1)",
            "Value of free board and lodging (salary certificate field 2.1)",
          ),
        },
      ),
      field(
        "FreeTransport",
        L(
          "Unentgeltliche Beförderung zum Arbeitsort",
          "Transport gratuit jusqu'au lieu de travail",
          "Trasporto gratuito fino al luogo di lavoro",
          "Free transport to work",
        ),
        "boolean",
        {
          description: L(
            "Lohnausweis Feld F",
            "Certificat de salaire case F",
            "Certificato di salario casella F",
            "Salary certificate box F",
          ),
        },
      ),
      field(
        "CanteenMeals",
        L(
          "Kantinenverpflegung oder Lunch-Checks",
          "Repas à la cantine ou chèques-repas",
          "Pasti in mensa o buoni pasto",
          "Canteen meals or lunch checks",
        ),
        "boolean",
        {
          description: L(
            "Lohnausweis Feld G",
            "Certificat de salaire case G",
            "Certificato di salario casella G",
            "Salary certificate box G",
          ),
        },
      ),
    ],
  },
  {
    name: "Expenses",
    scope: "employee",
    cluster: null,
    displayName: L("Spesen", "Frais", "Spese", "Expenses"),
    fields: [
      field("ExpenseAmount", L("Spesenbetrag", "Montant des frais", "Importo delle spese", "Expense amount"), "money", {
        moment: true,
      }),
    ],
  },
  {
    name: "InsuranceDailyAllowance",
    scope: "employee",
    cluster: null,
    displayName: L(
      "Versicherungstaggeld",
      "Indemnité journalière d'assurance",
      "Indennità giornaliera assicurativa",
      "Insurance daily allowance",
    ),
    fields: [
      field(
        "DailyAllowanceAmount",
        L("Taggeldbetrag", "Montant des indemnités", "Importo delle indennità", "Daily allowance amount"),
        "money",
        { moment: true },
      ),
    ],
  },
  {
    name: "CostCenter",
    scope: "employee",
    cluster: null,
    displayName: L("Kostenstelle", "Centre de coûts", "Centro di costo", "Cost center"),
    // Required once the payroll uses cost centers (interface Limits 3): decided by the service, not here.
    fields: [
      field("CostCenter", L("Kostenstelle", "Centre de coûts", "Centro di costo", "Cost center"), "lookup", {
        lookup: "CostCenters",
      }),
    ],
  },
  {
    name: "WithholdingTax",
    scope: "employee",
    cluster: null,
    displayName: L("Quellensteuer", "Impôt à la source", "Imposta alla fonte", "Withholding tax"),
    fields: [
      field(
        "TaxAtSourceTariff",
        L("Tarifcode", "Code tarifaire", "Codice tariffale", "Tariff code"),
        "taxAtSourceTariff",
      ),
      field(
        "TaxAtSourceCanton",
        L(
          "Quellensteuer-Kanton",
          "Canton de l'impôt à la source",
          "Cantone dell'imposta alla fonte",
          "Withholding-tax canton",
        ),
        "canton",
      ),
      field(
        "TaxAtSourceMunicipality",
        L("Gemeinde (BFS-Nr.)", "Commune (n° OFS)", "Comune (n. UST)", "Municipality (BFS no.)"),
        "bfsNumber",
      ),
      field("WorkPermit", L("Bewilligung", "Permis", "Permesso", "Work permit"), "enum", {
        options: [
          option("B", "B Jahresaufenthalter", "B autorisation de séjour", "B dimora", "B residence permit"),
          option("C", "C Niedergelassene", "C autorisation d'établissement", "C domicilio", "C settlement permit"),
          option(
            "L",
            "L Kurzaufenthalter",
            "L séjour de courte durée",
            "L soggiorno di breve durata",
            "L short-term permit",
          ),
          option("G", "G Grenzgänger", "G frontalier", "G frontaliero", "G cross-border commuter"),
          option(
            "F",
            "F vorläufig Aufgenommene",
            "F admission provisoire",
            "F ammissione provvisoria",
            "F provisionally admitted",
          ),
          option("N", "N Asylsuchende", "N requérant d'asile", "N richiedente l'asilo", "N asylum seeker"),
          option(
            "S",
            "S Schutzbedürftige",
            "S personne à protéger",
            "S persona bisognosa di protezione",
            "S protection status",
          ),
          option("other", "andere", "autre", "altro", "other"),
        ],
      }),
      // The monthly model's rate-determining income with several employments (ESTV circular 45; Kanton Bern,
      // "Ermittlung des satzbestimmenden Einkommens"): the person tells each employer whether there are others.
      field(
        "OtherEmployment",
        L(
          "Weitere Erwerbstätigkeiten oder Ersatzeinkünfte",
          "Autres activités lucratives ou revenus de substitution",
          "Altre attività lucrative o redditi sostitutivi",
          "Other employments or replacement income",
        ),
        "boolean",
      ),
      field(
        "OtherEmploymentActivityRate",
        L(
          "Beschäftigungsgrad der weiteren Erwerbstätigkeiten",
          "Taux d'activité des autres activités",
          "Grado d'occupazione delle altre attività",
          "Activity rate of the other employments",
        ),
        "percent",
        { min: "0", max: "100" },
      ),
      field(
        "OtherEmploymentIncome",
        L(
          "Monatliches Bruttoeinkommen der weiteren Erwerbstätigkeiten",
          "Revenu brut mensuel des autres activités",
          "Reddito lordo mensile delle altre attività",
          "Monthly gross income of the other employments",
        ),
        "money",
      ),
    ],
  },
  {
    name: "FamilyAllowances",
    scope: "employee",
    cluster: "ECT",
    displayName: L("Familienzulagen", "Allocations familiales", "Assegni familiari", "Family allowances"),
    fields: [
      field(
        "ChildAllowances",
        L(
          "Kinderzulagen (Anzahl Kinder)",
          "Allocations pour enfant (nombre)",
          "Assegni per i figli (numero)",
          "Child allowances (children)",
        ),
        "integer",
        { min: "0", max: "20" },
      ),
      field(
        "EducationAllowances",
        L(
          "Ausbildungszulagen (Anzahl Kinder)",
          "Allocations de formation (nombre)",
          "Assegni di formazione (numero)",
          "Education allowances (children)",
        ),
        "integer",
        { min: "0", max: "20" },
      ),
    ],
  },
  {
    name: "Bvg",
    scope: "employee",
    cluster: null,
    displayName: L(
      "Berufliche Vorsorge (BVG)",
      "Prévoyance professionnelle (LPP)",
      "Previdenza professionale (LPP)",
      "Occupational pension (BVG)",
    ),
    fields: [
      field("BvgPlan", L("Vorsorgeplan", "Plan de prévoyance", "Piano di previdenza", "Pension plan"), "enum", {
        default: "legalMinimum",
        options: [
          option("legalMinimum", "BVG-Minimum", "minimum LPP", "minimo LPP", "legal minimum"),
          option("fixedAmounts", "feste Beträge", "montants fixes", "importi fissi", "fixed amounts"),
        ],
      }),
      field(
        "BvgEmployeeContribution",
        L(
          "Beitrag Arbeitnehmende pro Monat",
          "Cotisation employé par mois",
          "Contributo dipendente al mese",
          "Employee contribution per month",
        ),
        "money",
        { required: "calculation", requiredWhen: { field: "BvgPlan", in: ["fixedAmounts"] }, min: "0" },
      ),
      field(
        "BvgEmployerContribution",
        L(
          "Beitrag Arbeitgeber pro Monat",
          "Cotisation employeur par mois",
          "Contributo datore di lavoro al mese",
          "Employer contribution per month",
        ),
        "money",
        { required: "calculation", requiredWhen: { field: "BvgPlan", in: ["fixedAmounts"] }, min: "0" },
      ),
    ],
  },
  {
    name: "Absence",
    scope: "employee",
    cluster: "ESS",
    displayName: L("Abwesenheit", "Absence", "Assenza", "Absence"),
    fields: [
      field("AbsenceType", L("Art", "Type", "Tipo", "Type"), "enum", {
        options: [
          option("sickness", "Krankheit", "maladie", "malattia", "sickness"),
          option("accident", "Unfall", "accident", "infortunio", "accident"),
          option("maternity", "Mutterschaft", "maternité", "maternità", "maternity"),
          option("paternity", "Vaterschaft", "paternité", "paternità", "paternity"),
          option(
            "military",
            "Militär/Zivildienst",
            "service militaire/civil",
            "servizio militare/civile",
            "military or civil service",
          ),
          option("unpaidLeave", "unbezahlter Urlaub", "congé non payé", "congedo non pagato", "unpaid leave"),
          option("other", "andere", "autre", "altro", "other"),
        ],
      }),
      field("AbsencePercent", L("Abwesenheit in %", "Absence en %", "Assenza in %", "Absence percent"), "percent", {
        min: "0",
        max: "100",
      }),
    ],
  },
  {
    name: "ControlConfirmation",
    scope: "employee",
    cluster: "P",
    displayName: L(
      "Bestätigung Lohnkontrolle",
      "Confirmation du contrôle des salaires",
      "Conferma del controllo salari",
      "Payroll Control confirmation",
    ),
    fields: [
      field("ControlCode", L("Bestätigter Punkt", "Point confirmé", "Punto confermato", "Confirmed item"), "text"),
      field("ControlComment", L("Kommentar", "Commentaire", "Commento", "Comment"), "text"),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Collectors and wage types
// ---------------------------------------------------------------------------------------------

const collectors: Collector[] = [
  { name: "GrossWage", displayName: L("Bruttolohn", "Salaire brut", "Salario lordo", "Gross wage") },
  {
    name: "AhvWage",
    displayName: L("AHV-pflichtiger Lohn", "Salaire soumis AVS", "Salario soggetto AVS", "AHV-liable wage"),
  },
  {
    name: "AlvWage",
    displayName: L("ALV-pflichtiger Lohn", "Salaire soumis AC", "Salario soggetto AD", "ALV-liable wage"),
  },
  {
    name: "UvgWage",
    displayName: L("UVG-pflichtiger Lohn", "Salaire soumis LAA", "Salario soggetto LAINF", "UVG-liable wage"),
  },
  { name: "BvgWage", displayName: L("BVG-Lohn", "Salaire LPP", "Salario LPP", "BVG wage") },
  {
    name: "QstWage",
    displayName: L(
      "Quellensteuerpflichtiger Lohn",
      "Salaire soumis à l'impôt à la source",
      "Salario soggetto all'imposta alla fonte",
      "Withholding-tax-liable wage",
    ),
  },
  {
    name: "EmployeeDeductions",
    displayName: L("Abzüge Arbeitnehmende", "Déductions employé", "Deduzioni dipendente", "Employee deductions"),
  },
  {
    name: "EmployerContributions",
    displayName: L(
      "Arbeitgeberbeiträge",
      "Cotisations employeur",
      "Contributi datore di lavoro",
      "Employer contributions",
    ),
  },
  { name: "NetWage", displayName: L("Nettolohn", "Salaire net", "Salario netto", "Net wage") },
  {
    name: "PayableAmount",
    displayName: L("Auszahlungsbetrag", "Montant à verser", "Importo da versare", "Payable amount"),
    description: "Net wage plus allowances and expenses, minus payouts already made.",
  },
];

const EARNING = ["GrossWage", "AhvWage", "AlvWage", "UvgWage", "BvgWage", "QstWage"];

const wageTypes: WageType[] = [
  {
    number: "1000",
    kind: "earning",
    name: L("Monatslohn", "Salaire mensuel", "Salario mensile", "Monthly salary"),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "wageExpense", credit: "salaryClearing" },
    description: "MonthlySalary, prorated on entry/exit (days / 30)",
  },
  {
    number: "1005",
    kind: "earning",
    name: L("Stundenlohn", "Salaire horaire", "Salario orario", "Hourly wage"),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "wageExpense", credit: "salaryClearing" },
    description: "Hours x HourlyWage",
  },
  {
    number: "1160",
    kind: "earning",
    name: L("Ferienentschädigung", "Indemnité de vacances", "Indennità per vacanze", "Holiday compensation"),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "wageExpense", credit: "salaryClearing" },
    description: "hourly: weeks / (52 - weeks) of 1005",
  },
  {
    number: "1200",
    kind: "earning",
    name: L("13. Monatslohn", "13e salaire", "13a mensilità", "13th salary"),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "thirteenthExpense", credit: "salaryClearing" },
    description: "monthly: 1/12 of the month's salary; december: in December or on exit, pro rata",
  },
  {
    number: "1210",
    kind: "earning",
    name: L("14. Monatslohn", "14e salaire", "14a mensilità", "14th salary"),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "thirteenthExpense", credit: "salaryClearing" },
    description: "where agreed, paid as the 13th: monthly 1/12, or in December or on exit, pro rata",
  },
  // A bonus is irregular: AHV/ALV/UVG/QST-liable, but not part of the BVG salary of the legal minimum plan.
  {
    number: "1300",
    kind: "earning",
    name: L("Bonus", "Bonus", "Bonus", "Bonus"),
    liabilities: ["AHV", "ALV", "UVG", "QST"],
    collectors: ["GrossWage", "AhvWage", "AlvWage", "UvgWage", "QstWage"],
    accounts: { debit: "bonusExpense", credit: "salaryClearing" },
  },
  // A benefit in kind: wage for every insurance and tax, but not paid out (6400 takes it back after the net wage).
  {
    number: "1500",
    kind: "earning",
    name: L(
      "Privatanteil Geschäftsfahrzeug",
      "Part privée véhicule de service",
      "Quota privata veicolo aziendale",
      "Private use of company car",
    ),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "wageExpense", credit: "salaryClearing" },
    description:
      "CompanyCarPrice x CompanyCarPrivateShareRate per month, at least CompanyCarPrivateShareMinimum; salary certificate field 2.2",
  },
  {
    number: "1510",
    kind: "earning",
    name: L("Verpflegung und Unterkunft", "Pension et logement", "Vitto e alloggio", "Board and lodging"),
    liabilities: ["AHV", "ALV", "UVG", "BVG", "QST"],
    collectors: EARNING,
    accounts: { debit: "wageExpense", credit: "salaryClearing" },
    description: "BoardAndLodgingValue per month, a benefit in kind (6410 takes it back); salary certificate field 2.1",
  },
  {
    number: "3000",
    kind: "allowance",
    name: L("Kinderzulage", "Allocation pour enfant", "Assegno per i figli", "Child allowance"),
    liabilities: ["QST"],
    collectors: ["QstWage", "PayableAmount"],
    accounts: { debit: "fakLiability", credit: "salaryClearing" },
    description: "paid out, refunded by the FAK",
  },
  {
    number: "3010",
    kind: "allowance",
    name: L("Ausbildungszulage", "Allocation de formation", "Assegno di formazione", "Education allowance"),
    liabilities: ["QST"],
    collectors: ["QstWage", "PayableAmount"],
    accounts: { debit: "fakLiability", credit: "salaryClearing" },
  },
  {
    number: "5010",
    kind: "deduction",
    name: L("AHV/IV/EO Arbeitnehmende", "AVS/AI/APG employé", "AVS/AI/IPG dipendente", "AHV/IV/EO employee"),
    liabilities: [],
    collectors: ["EmployeeDeductions"],
    accounts: { debit: "salaryClearing", credit: "socialInsuranceLiability" },
    description: "AhvEmployeeRate of AhvWage, above the pensioner allowance where it applies",
  },
  {
    number: "5020",
    kind: "deduction",
    name: L("ALV Arbeitnehmende", "AC employé", "AD dipendente", "ALV employee"),
    liabilities: [],
    collectors: ["EmployeeDeductions"],
    accounts: { debit: "salaryClearing", credit: "socialInsuranceLiability" },
    description: "AlvEmployeeRate of AlvWage up to the year-to-date ceiling",
  },
  {
    number: "5040",
    kind: "deduction",
    name: L("NBU Arbeitnehmende", "AANP employé", "INP dipendente", "NBU employee"),
    liabilities: [],
    collectors: ["EmployeeDeductions"],
    accounts: { debit: "salaryClearing", credit: "uvgLiability" },
    description: "NbuRate x NbuEmployeeShare of UvgWage up to the ceiling",
  },
  {
    number: "5045",
    kind: "deduction",
    name: L("KTG Arbeitnehmende", "IJM employé", "IGM dipendente", "KTG employee"),
    liabilities: [],
    collectors: ["EmployeeDeductions"],
    accounts: { debit: "salaryClearing", credit: "ktgLiability" },
    description: "rate by sex x KtgEmployeeShare",
  },
  {
    number: "5050",
    kind: "deduction",
    name: L("BVG Arbeitnehmende", "LPP employé", "LPP dipendente", "BVG employee"),
    liabilities: [],
    collectors: ["EmployeeDeductions"],
    accounts: { debit: "salaryClearing", credit: "bvgLiability" },
    description: "legal minimum plan or the fixed amount",
  },
  {
    number: "5060",
    kind: "deduction",
    name: L("Quellensteuer", "Impôt à la source", "Imposta alla fonte", "Withholding tax"),
    liabilities: [],
    collectors: ["EmployeeDeductions"],
    accounts: { debit: "salaryClearing", credit: "withholdingTaxLiability" },
    description: "tariff rate x QstWage",
  },
  {
    number: "6000",
    kind: "expense",
    name: L("Spesen", "Frais", "Spese", "Expenses"),
    liabilities: [],
    collectors: ["PayableAmount"],
    accounts: { debit: "otherStaffExpense", credit: "salaryClearing" },
  },
  // Daily allowances are refunded by the insurer: booked against the insurer's account, not as wage expense.
  {
    number: "6100",
    kind: "expense",
    name: L(
      "Versicherungstaggeld",
      "Indemnités journalières d'assurance",
      "Indennità giornaliere assicurative",
      "Insurance daily allowance",
    ),
    liabilities: [],
    collectors: ["PayableAmount"],
    accounts: { debit: "uvgLiability", credit: "salaryClearing" },
  },
  // The company car's private use (1500) is wage, not money: taken back from the amount paid out.
  {
    number: "6400",
    kind: "expense",
    name: L(
      "Abzug Privatanteil Geschäftsfahrzeug",
      "Déduction part privée véhicule de service",
      "Deduzione quota privata veicolo aziendale",
      "Company car in kind",
    ),
    liabilities: [],
    collectors: ["PayableAmount"],
    accounts: { debit: "otherStaffExpense", credit: "salaryClearing" },
    description: "minus 1500: a benefit in kind is not paid out",
  },
  {
    number: "6410",
    kind: "expense",
    name: L(
      "Abzug Verpflegung und Unterkunft",
      "Déduction pension et logement",
      "Deduzione vitto e alloggio",
      "Board and lodging in kind",
    ),
    liabilities: [],
    collectors: ["PayableAmount"],
    accounts: { debit: "otherStaffExpense", credit: "salaryClearing" },
    description: "minus 1510: a benefit in kind is not paid out",
  },
  // The net wage is paid out by a payout (salary clearing to bank), so the line itself is not booked.
  {
    number: "6500",
    kind: "net",
    name: L("Nettolohn", "Salaire net", "Salario netto", "Net wage"),
    liabilities: [],
    collectors: ["NetWage", "PayableAmount"],
    accounts: null,
    description: "GrossWage - EmployeeDeductions, rounded to 0.05",
  },
  {
    number: "8010",
    kind: "employerContribution",
    name: L("AHV/IV/EO Arbeitgeber", "AVS/AI/APG employeur", "AVS/AI/IPG datore di lavoro", "AHV/IV/EO employer"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "socialChargesExpense", credit: "socialInsuranceLiability" },
  },
  {
    number: "8015",
    kind: "employerContribution",
    name: L(
      "AHV-Verwaltungskosten",
      "Frais d'administration AVS",
      "Spese amministrative AVS",
      "AHV administration costs",
    ),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "socialChargesExpense", credit: "socialInsuranceLiability" },
    description: "AhvAdminCostRate of the AHV/IV/EO contributions",
  },
  {
    number: "8020",
    kind: "employerContribution",
    name: L("ALV Arbeitgeber", "AC employeur", "AD datore di lavoro", "ALV employer"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "alvExpense", credit: "socialInsuranceLiability" },
  },
  {
    number: "8030",
    kind: "employerContribution",
    name: L("FAK Arbeitgeber", "CAF employeur", "CAF datore di lavoro", "FAK employer"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "fakExpense", credit: "fakLiability" },
    description: "FakRate of AhvWage",
  },
  {
    number: "8040",
    kind: "employerContribution",
    name: L("BU Arbeitgeber", "AAP employeur", "IP datore di lavoro", "BU employer"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "uvgExpense", credit: "uvgLiability" },
  },
  {
    number: "8041",
    kind: "employerContribution",
    name: L("NBU Arbeitgeberanteil", "Part employeur AANP", "Quota INP datore di lavoro", "NBU employer share"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "uvgExpense", credit: "uvgLiability" },
  },
  {
    number: "8045",
    kind: "employerContribution",
    name: L("KTG Arbeitgeber", "IJM employeur", "IGM datore di lavoro", "KTG employer"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "ktgExpense", credit: "ktgLiability" },
  },
  {
    number: "8050",
    kind: "employerContribution",
    name: L("BVG Arbeitgeber", "LPP employeur", "LPP datore di lavoro", "BVG employer"),
    liabilities: [],
    collectors: ["EmployerContributions"],
    accounts: { debit: "bvgExpense", credit: "bvgLiability" },
    description: "at least the employee's contribution",
  },
];

// ---------------------------------------------------------------------------------------------
// Parameters and lookups
// ---------------------------------------------------------------------------------------------

/** A parameter with its display name (what the console calls it, e.g. in a line's "why?"). */
function p(
  key: string,
  displayName: Localized,
  value: string,
  unit: Parameter["unit"],
  validFrom: string,
  source: Source,
  assumption?: string,
): Parameter {
  return assumption
    ? { key, displayName, value, unit, validFrom, source, assumption }
    : { key, displayName, value, unit, validFrom, source };
}

const parameters2025: Parameter[] = [
  p(
    "AhvEmployeeRate",
    L(
      "AHV/IV/EO-Beitragssatz Arbeitnehmende",
      "Taux de cotisation AVS/AI/APG employé",
      "Aliquota di contributo AVS/AI/IPG dipendente",
      "AHV/IV/EO contribution rate, employee",
    ),
    "5.3",
    "percent",
    "2025-01-01",
    S.svaBl,
  ),
  p(
    "AhvEmployerRate",
    L(
      "AHV/IV/EO-Beitragssatz Arbeitgeber",
      "Taux de cotisation AVS/AI/APG employeur",
      "Aliquota di contributo AVS/AI/IPG datore di lavoro",
      "AHV/IV/EO contribution rate, employer",
    ),
    "5.3",
    "percent",
    "2025-01-01",
    S.svaBl,
  ),
  p(
    "AhvShareEachSide",
    L("AHV-Anteil je Seite", "Part AVS par partie", "Quota AVS per parte", "AHV share per side"),
    "4.35",
    "percent",
    "2025-01-01",
    S.svaBl,
  ),
  p(
    "IvShareEachSide",
    L("IV-Anteil je Seite", "Part AI par partie", "Quota AI per parte", "IV share per side"),
    "0.7",
    "percent",
    "2025-01-01",
    S.svaBl,
  ),
  p(
    "EoShareEachSide",
    L("EO-Anteil je Seite", "Part APG par partie", "Quota IPG per parte", "EO share per side"),
    "0.25",
    "percent",
    "2025-01-01",
    S.svaBl,
  ),
  p(
    "AhvAdminCostMaxRate",
    L(
      "Höchstsatz der AHV-Verwaltungskosten",
      "Taux maximal des frais d'administration AVS",
      "Aliquota massima delle spese amministrative AVS",
      "Maximum AHV administration cost rate",
    ),
    "5",
    "percent",
    "2025-01-01",
    S.svaBl,
  ),
  p(
    "AlvEmployeeRate",
    L(
      "ALV-Beitragssatz Arbeitnehmende",
      "Taux de cotisation AC employé",
      "Aliquota di contributo AD dipendente",
      "ALV contribution rate, employee",
    ),
    "1.1",
    "percent",
    "2025-01-01",
    S.southvision,
  ),
  p(
    "AlvEmployerRate",
    L(
      "ALV-Beitragssatz Arbeitgeber",
      "Taux de cotisation AC employeur",
      "Aliquota di contributo AD datore di lavoro",
      "ALV contribution rate, employer",
    ),
    "1.1",
    "percent",
    "2025-01-01",
    S.southvision,
  ),
  p(
    "AlvCeilingYear",
    L(
      "ALV-Höchstlohn pro Jahr",
      "Salaire maximal assuré AC par année",
      "Salario massimo assicurato AD all'anno",
      "ALV maximum insured salary per year",
    ),
    "148200.00",
    "chfPerYear",
    "2025-01-01",
    S.medisuisse,
  ),
  p(
    "AlvCeilingMonth",
    L(
      "ALV-Höchstlohn pro Monat",
      "Salaire maximal assuré AC par mois",
      "Salario massimo assicurato AD al mese",
      "ALV maximum insured salary per month",
    ),
    "12350.00",
    "chfPerMonth",
    "2025-01-01",
    S.medisuisse,
  ),
  // Abolished at the end of 2022; kept at 0 so the calculation states it rather than forgets it.
  p(
    "AlvSolidarityRate",
    L(
      "ALV-Solidaritätsbeitragssatz",
      "Taux de la cotisation de solidarité AC",
      "Aliquota del contributo di solidarietà AD",
      "ALV solidarity contribution rate",
    ),
    "0",
    "percent",
    "2023-01-01",
    S.medisuisse,
  ),
  p(
    "UvgMaxSalaryYear",
    L(
      "UVG-Höchstbetrag des versicherten Verdienstes pro Jahr",
      "Montant maximal du gain assuré LAA par année",
      "Importo massimo del guadagno assicurato LAINF all'anno",
      "UVG maximum insured earnings per year",
    ),
    "148200.00",
    "chfPerYear",
    "2025-01-01",
    S.uvv,
  ),
  p(
    "UvgMaxSalaryDay",
    L(
      "UVG-Höchstbetrag des versicherten Verdienstes pro Tag",
      "Montant maximal du gain assuré LAA par jour",
      "Importo massimo del guadagno assicurato LAINF al giorno",
      "UVG maximum insured earnings per day",
    ),
    "406.00",
    "chfPerDay",
    "2025-01-01",
    S.uvv,
  ),
  p(
    "QstHourlyRateHours",
    L(
      "Quellensteuer: satzbestimmende Stunden im Stundenlohn",
      "Impôt à la source : heures déterminantes pour le taux (salaire horaire)",
      "Imposta alla fonte: ore determinanti per l'aliquota (salario orario)",
      "Withholding tax: rate-determining hours for hourly pay",
    ),
    "180",
    "hoursPerMonth",
    "2025-01-01",
    S.qstHourly,
  ),
  p(
    "NbuMinWeeklyHours",
    L(
      "Mindestarbeitszeit für die NBU-Versicherung",
      "Durée minimale de travail pour l'assurance AANP",
      "Durata minima di lavoro per l'assicurazione INP",
      "Minimum working time for NBU cover",
    ),
    "8",
    "hoursPerWeek",
    "2025-01-01",
    S.uvv13,
  ),
  p(
    "PensionerAllowanceMonth",
    L(
      "AHV-Freibetrag für Rentner pro Monat",
      "Franchise AVS des rentiers par mois",
      "Franchigia AVS per pensionati al mese",
      "AHV pensioner allowance per month",
    ),
    "1400.00",
    "chfPerMonth",
    "2025-01-01",
    S.medisuisse,
  ),
  p(
    "PensionerAllowanceYear",
    L(
      "AHV-Freibetrag für Rentner pro Jahr",
      "Franchise AVS des rentiers par année",
      "Franchigia AVS per pensionati all'anno",
      "AHV pensioner allowance per year",
    ),
    "16800.00",
    "chfPerYear",
    "2025-01-01",
    S.medisuisse,
  ),
  p(
    "CompanyCarPrivateShareRate",
    L(
      "Privatanteil Geschäftsfahrzeug pro Monat",
      "Part privée du véhicule de service par mois",
      "Quota privata del veicolo aziendale al mese",
      "Private use of a company car per month",
    ),
    "0.9",
    "percent",
    "2025-01-01",
    S.lohnausweis,
  ),
  p(
    "CompanyCarPrivateShareMinimum",
    L(
      "Mindestbetrag Privatanteil Geschäftsfahrzeug",
      "Montant minimal de la part privée du véhicule de service",
      "Importo minimo della quota privata del veicolo aziendale",
      "Minimum private use of a company car",
    ),
    "150.00",
    "chfPerMonth",
    "2025-01-01",
    S.lohnausweis,
  ),
  // Private households and artists have long had no minor-salary exemption; 2026 adds more sectors.
  p(
    "MinorSalaryExemptionExcludedSectors",
    L(
      "Branchen ohne Freigrenze für geringfügige Löhne",
      "Branches sans franchise pour salaires de minime importance",
      "Settori senza franchigia per salari di poca entità",
      "Sectors without the minor salary exemption",
    ),
    "household,artists",
    "text",
    "2025-01-01",
    S.helvetia,
  ),
  p(
    "MinorSalaryExemptionYear",
    L(
      "Freigrenze für geringfügige Löhne pro Jahr",
      "Franchise pour salaires de minime importance par année",
      "Franchigia per salari di poca entità all'anno",
      "Minor salary exemption per year",
    ),
    "2500.00",
    "chfPerYear",
    "2025-01-01",
    S.southvision,
  ),
  p(
    "AhvContributionStartAfterBirthday",
    L(
      "Beginn der AHV-Beitragspflicht (vollendetes Altersjahr)",
      "Début de l'obligation de cotiser AVS (âge révolu)",
      "Inizio dell'obbligo contributivo AVS (età compiuta)",
      "Start of AHV contributions (completed age)",
    ),
    "17",
    "years",
    "2025-01-01",
    S.ahv201,
  ),
  p(
    "ReferenceAgeMen",
    L("Referenzalter Männer", "Âge de référence des hommes", "Età di riferimento degli uomini", "Reference age of men"),
    "65",
    "years",
    "2025-01-01",
    S.mzo,
  ),
  p(
    "MaxAhvPensionMonth",
    L(
      "Maximale AHV-Altersrente pro Monat",
      "Rente de vieillesse AVS maximale par mois",
      "Rendita di vecchiaia AVS massima al mese",
      "Maximum AHV old-age pension per month",
    ),
    "2520.00",
    "chfPerMonth",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "MaxAhvPensionYear",
    L(
      "Maximale AHV-Altersrente pro Jahr",
      "Rente de vieillesse AVS maximale par année",
      "Rendita di vecchiaia AVS massima all'anno",
      "Maximum AHV old-age pension per year",
    ),
    "30240.00",
    "chfPerYear",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "BvgEntryThreshold",
    L("BVG-Eintrittsschwelle", "Seuil d'entrée LPP", "Soglia d'entrata LPP", "BVG entry threshold"),
    "22680.00",
    "chfPerYear",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "BvgCoordinationDeduction",
    L(
      "BVG-Koordinationsabzug",
      "Déduction de coordination LPP",
      "Deduzione di coordinamento LPP",
      "BVG coordination deduction",
    ),
    "26460.00",
    "chfPerYear",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "BvgUpperLimit",
    L(
      "Oberer BVG-Grenzbetrag",
      "Limite supérieure du salaire annuel LPP",
      "Limite superiore del salario annuo LPP",
      "BVG upper salary limit",
    ),
    "90720.00",
    "chfPerYear",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "BvgMaxCoordinatedSalary",
    L(
      "Maximaler koordinierter BVG-Lohn",
      "Salaire coordonné LPP maximal",
      "Salario coordinato LPP massimo",
      "Maximum BVG coordinated salary",
    ),
    "64260.00",
    "chfPerYear",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "BvgMinCoordinatedSalary",
    L(
      "Minimaler koordinierter BVG-Lohn",
      "Salaire coordonné LPP minimal",
      "Salario coordinato LPP minimo",
      "Minimum BVG coordinated salary",
    ),
    "3780.00",
    "chfPerYear",
    "2025-01-01",
    S.meitreu,
  ),
  p(
    "BvgMinimumInterestRate",
    L("BVG-Mindestzinssatz", "Taux d'intérêt minimal LPP", "Tasso d'interesse minimo LPP", "BVG minimum interest rate"),
    "1.25",
    "percent",
    "2025-01-01",
    S.mzo,
  ),
  p(
    "BvgRiskStartAfterBirthday",
    L(
      "Beginn der BVG-Risikoversicherung (vollendetes Altersjahr)",
      "Début de l'assurance risques LPP (âge révolu)",
      "Inizio dell'assicurazione rischi LPP (età compiuta)",
      "Start of BVG risk cover (completed age)",
    ),
    "17",
    "years",
    "2025-01-01",
    S.bvgStart,
  ),
  p(
    "BvgSavingsStartAfterBirthday",
    L(
      "Beginn des BVG-Alterssparens (vollendetes Altersjahr)",
      "Début de l'épargne vieillesse LPP (âge révolu)",
      "Inizio del risparmio per la vecchiaia LPP (età compiuta)",
      "Start of BVG retirement savings (completed age)",
    ),
    "24",
    "years",
    "2025-01-01",
    S.bvgStart,
  ),
  p(
    "BvgEmployerMinimumShare",
    L(
      "BVG-Mindestanteil des Arbeitgebers",
      "Part minimale de l'employeur LPP",
      "Quota minima del datore di lavoro LPP",
      "BVG minimum employer share",
    ),
    "50",
    "percent",
    "2025-01-01",
    { title: "BVG Art. 66 (employer pays at least half)" },
  ),
  p(
    "FamilyChildAllowanceMinimum",
    L(
      "Mindestansatz Kinderzulage",
      "Montant minimal de l'allocation pour enfant",
      "Importo minimo dell'assegno per i figli",
      "Minimum child allowance",
    ),
    "215.00",
    "chfPerMonth",
    "2025-01-01",
    S.famzv,
  ),
  p(
    "FamilyEducationAllowanceMinimum",
    L(
      "Mindestansatz Ausbildungszulage",
      "Montant minimal de l'allocation de formation professionnelle",
      "Importo minimo dell'assegno di formazione",
      "Minimum education allowance",
    ),
    "268.00",
    "chfPerMonth",
    "2025-01-01",
    S.eak,
  ),
  p(
    "MinimumHolidayWeeks",
    L("Gesetzliche Mindestferien", "Vacances minimales légales", "Vacanze minime legali", "Statutory minimum holidays"),
    "4",
    "weeks",
    "2025-01-01",
    S.or329a,
  ),
  p(
    "MinimumHolidayWeeksUnder20",
    L(
      "Gesetzliche Mindestferien bis zum vollendeten 20. Altersjahr",
      "Vacances minimales légales jusqu'à 20 ans révolus",
      "Vacanze minime legali fino ai 20 anni compiuti",
      "Statutory minimum holidays up to age 20",
    ),
    "5",
    "weeks",
    "2025-01-01",
    S.or329a,
  ),
];

const parameters2026: Parameter[] = [
  ...parameters2025.filter((p) => p.key !== "MinorSalaryExemptionExcludedSectors"),
  // New in 2026: no minor-salary exemption in these sectors (in addition to household and artists).
  p(
    "MinorSalaryExemptionExcludedSectors",
    L(
      "Branchen ohne Freigrenze für geringfügige Löhne",
      "Branches sans franchise pour salaires de minime importance",
      "Settori senza franchigia per salari di poca entità",
      "Sectors without the minor salary exemption",
    ),
    "household,artists,design,museums,electronicMedia,printMedia,choirs",
    "text",
    "2026-01-01",
    S.helvetia,
  ),
];

const lookup = (
  name: string,
  displayName: Lookup["displayName"],
  values: Lookup["values"],
  source?: Source,
  assumption?: string,
): Lookup => ({ name, displayName, values, ...(source ? { source } : {}), ...(assumption ? { assumption } : {}) });

/** The payroll's own cost centers: empty in the regulation, maintained by the client (interface "Lookup"). */
const costCenters: Lookup = {
  name: "CostCenters",
  displayName: L("Kostenstellen", "Centres de coûts", "Centri di costo", "Cost centers"),
  values: [],
};

const bvgAgeCredits = lookup(
  "BvgAgeCredits",
  L("BVG-Altersgutschriften", "Bonifications de vieillesse LPP", "Accrediti di vecchiaia LPP", "BVG age credits"),
  [
    { key: "25", value: "7", displayName: L("25–34", "25–34", "25–34", "25–34") },
    { key: "35", value: "10", displayName: L("35–44", "35–44", "35–44", "35–44") },
    { key: "45", value: "15", displayName: L("45–54", "45–54", "45–54", "45–54") },
    { key: "55", value: "18", displayName: L("55–65", "55–65", "55–65", "55–65") },
  ],
  S.bvg16,
);

/** Reference age of women by birth year, in months (AHV 21): key = birth year, "1960" and "1964" stand for before/after. */
const referenceAgeWomen = lookup(
  "ReferenceAgeWomenMonths",
  L(
    "Referenzalter Frauen (Monate)",
    "Âge de référence des femmes (mois)",
    "Età di riferimento delle donne (mesi)",
    "Reference age of women (months)",
  ),
  [
    { key: "1960", value: "768" }, // born 1960 or earlier: 64
    { key: "1961", value: "771" }, // 64 + 3 months
    { key: "1962", value: "774" }, // 64 + 6 months
    { key: "1963", value: "777" }, // 64 + 9 months
    { key: "1964", value: "780" }, // born 1964 or later: 65
  ],
  S.mzo,
);

const qstCantonModel = lookup(
  "QstCantonModel",
  L(
    "Quellensteuer-Modell je Kanton",
    "Modèle d'impôt à la source par canton",
    "Modello d'imposta alla fonte per cantone",
    "Withholding-tax model per canton",
  ),
  CANTON_CODES.map((canton) => ({
    key: canton,
    value: ["FR", "GE", "TI", "VD", "VS"].includes(canton) ? "annual" : "monthly",
  })),
  S.qstModel,
);

const FAMILY_ASSUMPTION =
  "Cantonal amounts from the Swissdec test company profile, not from the cantonal laws; cross-check with BSV 'Arten und Ansätze' before relying on them.";

/** Family allowance amounts per canton (CHF per month): value "child/education"; key CH = federal minimum. */
function familyAllowances(ag: string): Lookup {
  return lookup(
    "FamilyAllowanceAmounts",
    L(
      "Familienzulagen je Kanton",
      "Allocations familiales par canton",
      "Assegni familiari per cantone",
      "Family allowance amounts per canton",
    ),
    [
      { key: "CH", value: "215.00/268.00" },
      { key: "LU", value: "215.00/268.00" },
      { key: "BE", value: "250.00/310.00" },
      { key: "VD", value: "322.00/425.00" },
      { key: "TI", value: "215.00/268.00" },
      { key: "AG", value: ag },
    ],
    S.swissdecProfile,
    FAMILY_ASSUMPTION,
  );
}

const cases = [...companyCases, ...employeeCases];

const sources2025: Source[] = [
  S.southvision,
  S.svaBl,
  S.medisuisse,
  S.uvv,
  S.meitreu,
  S.mzo,
  S.bvg16,
  S.famzv,
  S.eak,
  S.ahv201,
  S.or329a,
  S.qstv,
  S.qstModel,
  S.qstHourly,
  S.estvZh,
  S.lohnausweis,
];

const v2025: RegulationVersion = {
  validFrom: "2025-01-01",
  cases,
  wageTypes,
  collectors,
  parameters: parameters2025,
  lookups: [bvgAgeCredits, referenceAgeWomen, qstCantonModel, familyAllowances("215.00/268.00"), costCenters],
  sources: sources2025,
};

const v2026: RegulationVersion = {
  ...v2025,
  validFrom: "2026-01-01",
  changes:
    "Social insurance amounts unchanged (Federal Council); minor-salary exemption excluded in more sectors; AG family allowances 225/278.",
  parameters: parameters2026,
  lookups: [bvgAgeCredits, referenceAgeWomen, qstCantonModel, familyAllowances("225.00/278.00"), costCenters],
  sources: [...sources2025, S.weka, S.kendris, S.helvetia],
};

export const CH: Regulation = {
  name: "CH",
  kind: "country",
  country: null,
  displayName: L("Schweiz", "Suisse", "Svizzera", "Switzerland"),
  versions: [v2025, v2026],
};

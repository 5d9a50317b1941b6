import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { PDF_FONT, registerPdfFonts } from "./fonts";
import { formatRappen, sumRappen, type Rappen } from "@/server/money/rappen";
import type { Language } from "@/server/regulations/catalog/types";
import type { AccountingJournal, AccountingJournalLine } from "../../accounting/journal";

export interface AccountingPdfOptions {
  readonly payrollName: string;
  readonly language: Language;
  /** false: a preview of an open period, marked as such on every page. */
  readonly final: boolean;
  /** PDF creation date; defaults to the posting date so that the same journal gives the same bytes. */
  readonly createdAt?: Date;
}

const LABELS: Record<
  Language,
  {
    title: string;
    preview: string;
    payroll: string;
    period: string;
    date: string;
    reference: string;
    debit: string;
    credit: string;
    account: string;
    text: string;
    amount: string;
    costCenter: string;
    noCostCenter: string;
    subtotal: string;
    totalDebit: string;
    totalCredit: string;
    page: string;
    of: string;
    empty: string;
  }
> = {
  de: {
    title: "Buchungsjournal",
    preview: "VORSCHAU – nicht definitiv",
    payroll: "Lohnbuchhaltung",
    period: "Periode",
    date: "Buchungsdatum",
    reference: "Beleg",
    debit: "Soll",
    credit: "Haben",
    account: "Konto",
    text: "Text",
    amount: "Betrag CHF",
    costCenter: "Kostenstelle",
    noCostCenter: "Ohne Kostenstelle",
    subtotal: "Total",
    totalDebit: "Total Soll",
    totalCredit: "Total Haben",
    page: "Seite",
    of: "von",
    empty: "Keine Buchungen in dieser Periode.",
  },
  fr: {
    title: "Journal comptable",
    preview: "APERÇU – non définitif",
    payroll: "Comptabilité salariale",
    period: "Période",
    date: "Date de comptabilisation",
    reference: "Pièce",
    debit: "Débit",
    credit: "Crédit",
    account: "Compte",
    text: "Libellé",
    amount: "Montant CHF",
    costCenter: "Centre de coûts",
    noCostCenter: "Sans centre de coûts",
    subtotal: "Total",
    totalDebit: "Total débit",
    totalCredit: "Total crédit",
    page: "Page",
    of: "sur",
    empty: "Aucune écriture pour cette période.",
  },
  it: {
    title: "Giornale contabile",
    preview: "ANTEPRIMA – non definitivo",
    payroll: "Contabilità salariale",
    period: "Periodo",
    date: "Data di registrazione",
    reference: "Documento",
    debit: "Dare",
    credit: "Avere",
    account: "Conto",
    text: "Testo",
    amount: "Importo CHF",
    costCenter: "Centro di costo",
    noCostCenter: "Senza centro di costo",
    subtotal: "Totale",
    totalDebit: "Totale dare",
    totalCredit: "Totale avere",
    page: "Pagina",
    of: "di",
    empty: "Nessuna registrazione in questo periodo.",
  },
  en: {
    title: "Accounting journal",
    preview: "PREVIEW – not final",
    payroll: "Payroll",
    period: "Period",
    date: "Posting date",
    reference: "Document",
    debit: "Debit",
    credit: "Credit",
    account: "Account",
    text: "Text",
    amount: "Amount CHF",
    costCenter: "Cost center",
    noCostCenter: "No cost center",
    subtotal: "Total",
    totalDebit: "Total debit",
    totalCredit: "Total credit",
    page: "Page",
    of: "of",
    empty: "No postings in this period.",
  },
};

/** Swiss amount notation: 12'345.60 (apostrophe thousands separator in all four languages). */
export function formatChf(rappen: Rappen): string {
  const [whole = "0", cents = "00"] = formatRappen(rappen).split(".");
  const negative = whole.startsWith("-");
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? "-" : ""}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${cents}`;
}

const swissDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const COLUMNS = { debit: "7%", debitName: "20%", credit: "7%", creditName: "20%", text: "32%", amount: "14%" } as const;

const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT,
    fontSize: 8.5,
    paddingTop: 36,
    paddingBottom: 44,
    paddingHorizontal: 36,
    color: "#111",
  },
  header: {
    flexDirection: "row",
    justifyContent: "space-between",
    alignItems: "flex-end",
    borderBottomWidth: 1,
    borderBottomColor: "#333",
    paddingBottom: 4,
    marginBottom: 8,
  },
  title: { fontSize: 15, fontWeight: "bold" },
  preview: {
    fontSize: 11,
    fontWeight: "bold",
    color: "#b00020",
    borderWidth: 1.5,
    borderColor: "#b00020",
    paddingVertical: 2,
    paddingHorizontal: 6,
  },
  facts: { flexDirection: "row", flexWrap: "wrap", marginBottom: 10 },
  fact: { marginRight: 24, marginBottom: 2 },
  factLabel: { color: "#555" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#ccc", paddingVertical: 2.5 },
  headRow: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderBottomColor: "#333",
    paddingVertical: 3,
    fontWeight: "bold",
  },
  section: { marginTop: 10, marginBottom: 3, fontSize: 10, fontWeight: "bold" },
  subtotal: {
    flexDirection: "row",
    paddingVertical: 3,
    fontWeight: "bold",
    borderTopWidth: 0.75,
    borderTopColor: "#333",
  },
  totals: {
    marginTop: 14,
    alignSelf: "flex-end",
    width: "40%",
    borderTopWidth: 1.5,
    borderTopColor: "#111",
    paddingTop: 4,
  },
  totalRow: {
    flexDirection: "row",
    justifyContent: "space-between",
    paddingVertical: 2,
    fontSize: 10,
    fontWeight: "bold",
  },
  cell: { paddingRight: 6 },
  amount: { textAlign: "right", paddingRight: 0 },
  footer: {
    position: "absolute",
    bottom: 20,
    left: 36,
    right: 36,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: "#555",
  },
});

type Section = { key: string; title: string | null; lines: AccountingJournalLine[] };

/** Lines per cost center when the template groups by it (in the journal's order: without cost center last), else one section. */
function sectionsOf(journal: AccountingJournal, labels: (typeof LABELS)[Language]): Section[] {
  if (!journal.groupBy.includes("costCenter")) return [{ key: "all", title: null, lines: [...journal.lines] }];
  const sections = new Map<string, Section>();
  for (const line of journal.lines) {
    const key = line.costCenter ?? "";
    const title =
      line.costCenter === undefined
        ? labels.noCostCenter
        : `${labels.costCenter} ${line.costCenter}${line.costCenterName ? ` ${line.costCenterName}` : ""}`;
    const section = sections.get(key) ?? { key, title, lines: [] };
    section.lines.push(line);
    sections.set(key, section);
  }
  return [...sections.values()];
}

function AccountingJournalDocument({
  journal,
  options,
}: {
  journal: AccountingJournal;
  options: AccountingPdfOptions;
}) {
  const labels = LABELS[options.language];
  const sections = sectionsOf(journal, labels);
  const title = `${labels.title} ${swissDate(journal.periodStart)} – ${swissDate(journal.periodEnd)}`;
  return (
    <Document
      title={`${title} – ${options.payrollName}`}
      author={options.payrollName}
      language={options.language}
      creationDate={options.createdAt ?? new Date(`${journal.date}T00:00:00Z`)}
      producer="swiss-payroll"
      creator="swiss-payroll"
    >
      <Page size="A4" orientation="landscape" style={styles.page} wrap>
        <View style={styles.header} fixed>
          <Text style={styles.title}>{labels.title}</Text>
          {options.final ? null : <Text style={styles.preview}>{labels.preview}</Text>}
        </View>
        <View style={styles.facts}>
          <Fact label={labels.payroll} value={options.payrollName} />
          <Fact label={labels.period} value={`${swissDate(journal.periodStart)} – ${swissDate(journal.periodEnd)}`} />
          <Fact label={labels.date} value={swissDate(journal.date)} />
          <Fact label={labels.reference} value={journal.reference} />
        </View>
        <View style={styles.headRow} fixed>
          <Text style={[styles.cell, { width: COLUMNS.debit }]}>{labels.debit}</Text>
          <Text style={[styles.cell, { width: COLUMNS.debitName }]}>{labels.account}</Text>
          <Text style={[styles.cell, { width: COLUMNS.credit }]}>{labels.credit}</Text>
          <Text style={[styles.cell, { width: COLUMNS.creditName }]}>{labels.account}</Text>
          <Text style={[styles.cell, { width: COLUMNS.text }]}>{labels.text}</Text>
          <Text style={[styles.cell, styles.amount, { width: COLUMNS.amount }]}>{labels.amount}</Text>
        </View>
        {journal.lines.length === 0 ? <Text style={{ marginTop: 8 }}>{labels.empty}</Text> : null}
        {sections.map((section) => (
          <View key={section.key}>
            {section.title !== null ? (
              <Text style={styles.section} minPresenceAhead={40}>
                {section.title}
              </Text>
            ) : null}
            {section.lines.map((line, index) => (
              <View key={index} style={styles.row} wrap={false}>
                <Text style={[styles.cell, { width: COLUMNS.debit }]}>{line.debitAccount}</Text>
                <Text style={[styles.cell, { width: COLUMNS.debitName }]}>{line.debitAccountName}</Text>
                <Text style={[styles.cell, { width: COLUMNS.credit }]}>{line.creditAccount}</Text>
                <Text style={[styles.cell, { width: COLUMNS.creditName }]}>{line.creditAccountName}</Text>
                <Text style={[styles.cell, { width: COLUMNS.text }]}>{line.text}</Text>
                <Text style={[styles.cell, styles.amount, { width: COLUMNS.amount }]}>{formatChf(line.amount)}</Text>
              </View>
            ))}
            {section.title !== null ? (
              <View style={styles.subtotal} wrap={false}>
                <Text style={[styles.cell, { width: "86%" }]}>{`${labels.subtotal} ${section.title}`}</Text>
                <Text style={[styles.cell, styles.amount, { width: COLUMNS.amount }]}>
                  {formatChf(sumRappen(section.lines.map((l) => l.amount)))}
                </Text>
              </View>
            ) : null}
          </View>
        ))}
        <View style={styles.totals} wrap={false}>
          <View style={styles.totalRow}>
            <Text>{labels.totalDebit}</Text>
            <Text>{formatChf(journal.totals.debit)}</Text>
          </View>
          <View style={styles.totalRow}>
            <Text>{labels.totalCredit}</Text>
            <Text>{formatChf(journal.totals.credit)}</Text>
          </View>
        </View>
        <View style={styles.footer} fixed>
          <Text>{`${options.payrollName} · ${title}${options.final ? "" : ` · ${labels.preview}`}`}</Text>
          <Text render={({ pageNumber, totalPages }) => `${labels.page} ${pageNumber} ${labels.of} ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text style={styles.fact}>
      <Text style={styles.factLabel}>{`${label}: `}</Text>
      {value}
    </Text>
  );
}

/** The journal as a PDF (A4 landscape), grouped as the template says, with total debit and total credit at the end. */
export async function renderAccountingPdf(journal: AccountingJournal, options: AccountingPdfOptions): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<AccountingJournalDocument journal={journal} options={options} />);
}

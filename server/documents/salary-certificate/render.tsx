import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { registerPdfFonts } from "../pdf/fonts";
import { type CertificateFieldKey, type PdfLabels, formatDate, formatFrancs, pdfLabels } from "../pdf/i18n";
import { MM, base } from "../pdf/styles";
import { fitLines } from "../pdf/wrap";
import type { SalaryCertificateModel } from "./model";

/**
 * Form 11 as an A4 PDF, laid out after the official form: the letter boxes A-H on top, the numbered
 * fields 1-14 with their amounts in whole francs (model.francs: the official form has no Rappen;
 * the model keeps the Rappen in model.amounts), remarks 15, and I with place, date and employer.
 * It is a rendition for the employee and the tax return, not the ESTV's own printed form.
 */
export async function renderSalaryCertificatePdf(model: SalaryCertificateModel): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<CertificateDocument model={model} lines={await blockLines(model)} />);
}

/** The page's width between its margins (base.page: A4, 20 mm either side). */
const CONTENT_WIDTH = 595.28 - 2 * 20 * MM;
const ADDRESS_WIDTH = 0.45 * CONTENT_WIDTH;
const EMPLOYER_WIDTH = 0.5 * CONTENT_WIDTH;

type BlockLines = {
  employeeName: string[];
  employeeAddress: string[];
  employerName: string[];
  employerAddress: string[];
};

/**
 * Box H and the employer under I, each line broken to the width it is drawn in (as on the payslip):
 * react-pdf lets a word wider than its box run off the page, where it is cut off (issue 38).
 */
async function blockLines(model: SalaryCertificateModel): Promise<BlockLines> {
  return {
    employeeName: await fitLines([model.employee.name], ADDRESS_WIDTH, { fontWeight: "bold", fontSize: 9.5 }),
    employeeAddress: await fitLines(model.employee.addressLines, ADDRESS_WIDTH, { fontSize: 9.5 }),
    employerName: await fitLines([model.employer.name], EMPLOYER_WIDTH, { fontWeight: "bold", fontSize: 8.5 }),
    employerAddress: await fitLines(model.employer.addressLines, EMPLOYER_WIDTH, { fontSize: 8.5 }),
  };
}

const CHECKED = "☒";
const UNCHECKED = "☐";

/** The rows of the form in order; 8 and 11 are totals, 9 and 10 are subtracted. */
const ROWS: readonly { key: CertificateFieldKey; sign?: "-" | "="; total?: boolean }[] = [
  { key: "1" },
  { key: "2.1" },
  { key: "2.2" },
  { key: "2.3" },
  { key: "3" },
  { key: "4" },
  { key: "5" },
  { key: "6" },
  { key: "7" },
  { key: "8", sign: "=", total: true },
  { key: "9", sign: "-" },
  { key: "10.1", sign: "-" },
  { key: "10.2", sign: "-" },
  { key: "11", sign: "=", total: true },
  { key: "12" },
  { key: "13.1.1" },
  { key: "13.1.2" },
  { key: "13.2.1" },
  { key: "13.2.2" },
  { key: "13.2.3" },
  { key: "13.3" },
  { key: "14" },
];

const s = StyleSheet.create({
  top: {
    flexDirection: "row",
    justifyContent: "space-between",
    alignItems: "flex-end",
    borderBottomWidth: 1,
    borderColor: "#111",
    paddingBottom: 3,
    marginBottom: 4,
  },
  title: { fontSize: 15, fontWeight: "bold" },
  boxes: { flexDirection: "row", borderWidth: 0.6, borderColor: "#666", marginBottom: 3 },
  box: { flex: 1.2, padding: 3, borderRightWidth: 0.6, borderColor: "#666" },
  boxNarrow: { flex: 0.6, padding: 3, borderRightWidth: 0.6, borderColor: "#666" },
  boxLast: { flex: 1.7, padding: 3 },
  letter: { fontWeight: "bold" },
  boxLabel: { fontSize: 7, color: "#555" },
  boxValue: { fontSize: 9.5, marginTop: 1 },
  middle: { flexDirection: "row", justifyContent: "space-between", marginTop: 4 * MM, marginBottom: 5 * MM },
  checks: { width: "48%" },
  check: { flexDirection: "row", marginBottom: 3 },
  address: { width: ADDRESS_WIDTH, fontSize: 9.5 },
  row: { flexDirection: "row", borderBottomWidth: 0.4, borderColor: "#bbb", paddingVertical: 2.2 },
  totalRow: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderColor: "#111",
    paddingVertical: 2.6,
    fontWeight: "bold",
    backgroundColor: "#f1f1f1",
  },
  number: { width: 40, fontWeight: "bold" },
  label: { flex: 1 },
  sign: { width: 14, textAlign: "center" },
  amount: { width: 80, textAlign: "right" },
  note: { fontSize: 7, color: "#555", textAlign: "right", marginTop: 2 },
  remarks: { marginTop: 5 * MM, borderWidth: 0.6, borderColor: "#666", padding: 4, minHeight: 16 * MM },
  signature: { flexDirection: "row", justifyContent: "space-between", marginTop: 5 * MM },
  signatureLine: { borderTopWidth: 0.6, borderColor: "#111", marginTop: 12 * MM, width: "80%" },
});

function CertificateDocument({ model, lines }: { model: SalaryCertificateModel; lines: BlockLines }) {
  const t = pdfLabels(model.language);
  return (
    <Document
      title={`${t.certificateTitle} ${model.year} – ${model.employee.name}`}
      author={model.employer.name}
      language={model.language}
    >
      <Page size="A4" style={base.page}>
        {!model.final && (
          <Text style={base.previewBanner} fixed>
            {t.preview}
          </Text>
        )}
        <View style={s.top}>
          <View>
            <Text style={s.title}>{t.certificateTitle}</Text>
            <Text style={base.muted}>{t.certificateSubtitle}</Text>
          </View>
          <Text style={base.muted}>{`${t.personnelNumber} ${model.employee.identifier}`}</Text>
        </View>

        <View style={s.boxes}>
          <View style={s.box}>
            <Text>
              <Text style={s.letter}>{"A  "}</Text>
              {`${CHECKED} ${t.certificateTitle}`}
            </Text>
            <Text>
              <Text style={s.letter}>{"B  "}</Text>
              {`${UNCHECKED} ${t.pensionCertificate}`}
            </Text>
          </View>
          <Box letter="C" label={t.ahvNumber} value={model.employee.ahvNumber ?? "–"} />
          <Box letter="D" label={t.certificateYear} value={String(model.year)} narrow />
          <Box
            letter="E"
            label={t.certificatePeriod}
            value={`${t.certificateFrom} ${formatDate(model.period.from)} ${t.certificateTo} ${formatDate(model.period.to)}`}
            last
          />
        </View>

        <View style={s.middle}>
          <View style={s.checks}>
            <View style={s.check}>
              <Text style={s.letter}>{"F  "}</Text>
              <Text>{`${model.checks?.freeTransport ? CHECKED : UNCHECKED} ${t.freeTransport}`}</Text>
            </View>
            <View style={s.check}>
              <Text style={s.letter}>{"G  "}</Text>
              <Text>{`${model.checks?.canteen ? CHECKED : UNCHECKED} ${t.canteen}`}</Text>
            </View>
          </View>
          <View style={s.address}>
            <Text style={s.boxLabel}>H</Text>
            {lines.employeeName.map((line, i) => (
              <Text key={i} style={base.bold}>
                {line}
              </Text>
            ))}
            {lines.employeeAddress.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
          </View>
        </View>

        {ROWS.map((row) => (
          <FieldRow key={row.key} model={model} t={t} field={row.key} sign={row.sign} total={row.total ?? false} />
        ))}
        <Text style={s.note}>{`CHF – ${t.wholeFrancs}`}</Text>

        <View style={s.remarks}>
          <Text style={base.bold}>{`15  ${t.remarks}`}</Text>
          {model.remarks.map((remark, i) => (
            <Text key={i}>{remark}</Text>
          ))}
        </View>

        <View style={s.signature} wrap={false}>
          <View style={{ width: "45%" }}>
            <Text style={s.boxLabel}>{`I  ${t.placeAndDate}`}</Text>
            <Text>
              {[model.issued.place, model.issued.date && formatDate(model.issued.date)].filter(Boolean).join(", ") ||
                " "}
            </Text>
          </View>
          <View style={{ width: EMPLOYER_WIDTH }}>
            <Text style={s.boxLabel}>{t.employerSignature}</Text>
            {lines.employerName.map((line, i) => (
              <Text key={i} style={base.bold}>
                {line}
              </Text>
            ))}
            {lines.employerAddress.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
            {model.employer.uid && <Text>{`${t.uid} ${model.employer.uid}`}</Text>}
            <View style={s.signatureLine} />
          </View>
        </View>

        {!model.final && (
          <View style={base.footer} fixed>
            <Text>{`${model.employer.name} · ${model.employee.name} · ${model.year}`}</Text>
            <Text style={base.previewFooter}>{t.preview}</Text>
          </View>
        )}
      </Page>
    </Document>
  );
}

function Box({
  letter,
  label,
  value,
  last = false,
  narrow = false,
}: {
  letter: string;
  label: string;
  value: string;
  last?: boolean;
  narrow?: boolean;
}) {
  return (
    <View style={last ? s.boxLast : narrow ? s.boxNarrow : s.box}>
      <Text style={s.boxLabel}>
        <Text style={s.letter}>{`${letter}  `}</Text>
        {label}
      </Text>
      <Text style={s.boxValue}>{value}</Text>
    </View>
  );
}

function FieldRow({
  model,
  t,
  field,
  sign,
  total,
}: {
  model: SalaryCertificateModel;
  t: PdfLabels;
  field: CertificateFieldKey;
  sign?: "-" | "=";
  total: boolean;
}) {
  // A model kept before fields 2.1-2.3 existed has none of them (its field 2 was always empty).
  const francs = (model.francs as Partial<SalaryCertificateModel["francs"]>)[field] ?? 0;
  // Empty fields stay empty as on the paper form; the totals always show.
  const shown = total || francs !== 0 ? formatFrancs(francs) : "";
  return (
    <View style={total ? s.totalRow : s.row} wrap={false}>
      <Text style={s.number}>{field}</Text>
      <Text style={s.label}>{t.certificateFields[field]}</Text>
      <Text style={s.sign}>{sign ?? ""}</Text>
      <Text style={s.amount}>{shown}</Text>
    </View>
  );
}

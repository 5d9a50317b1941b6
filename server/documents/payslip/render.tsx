import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { formatIbanForPrint } from "@/server/regulations/catalog/identifiers";
import type { Rappen } from "@/server/money/rappen";
import { registerPdfFonts } from "../pdf/fonts";
import {
  type PdfLabels,
  formatChf,
  formatDate,
  formatMonthName,
  formatPercentText,
  formatPeriodShort,
  pdfLabels,
} from "../pdf/i18n";
import { A4_HEIGHT, fitsOnOnePage } from "../pdf/one-page";
import { MM, base } from "../pdf/styles";
import { fitLines } from "../pdf/wrap";
import type { PayslipLine, PayslipModel } from "./model";

/**
 * The payslip as an A4 PDF. The employee's address sits where a C5 envelope with a right-hand
 * window shows it (SN 010130); the table reads top to bottom like the calculation: earnings, gross,
 * deductions, net, allowances and expenses, payable, then payments, employer contributions and the
 * year's figures. Deductions print negative; amounts are CHF with apostrophes.
 */
export async function renderPayslipPdf(
  model: PayslipModel,
  { countPages = false }: { countPages?: boolean } = {},
): Promise<Buffer> {
  registerPdfFonts();
  const header = await headerLines(model);
  // Nearly every payslip fits one page: it is then laid out once, without pagination (one-page.ts),
  // and its footer reads "1 / 1" as plain text. Page numbers counted by react-pdf (a render prop)
  // make it lay the page out twice more, for the same bytes (tests/unit/payslip-pdf.test.ts compares both).
  const onePage = countPages ? null : await drawOnOnePage(model, header);
  // A payslip that runs onto a second page is drawn again, paginated and numbered as laid out.
  return onePage ?? renderToBuffer(<PayslipDocument model={model} header={header} pageNumbers="counted" />);
}

/** The payslip drawn as one page without pagination, or null when it does not fit one page. */
export async function renderPayslipOnOnePage(model: PayslipModel): Promise<Buffer | null> {
  registerPdfFonts();
  return drawOnOnePage(model, await headerLines(model));
}

async function drawOnOnePage(model: PayslipModel, header: HeaderLines): Promise<Buffer | null> {
  let layout: object | undefined;
  const bytes = await renderToBuffer(
    <PayslipDocument
      model={model}
      header={header}
      pageNumbers="one page"
      onRender={(rendered) => (layout = rendered)}
    />,
  );
  return fitsOnOnePage(layout) ? bytes : null;
}

/** The page's width between its margins (base.page: A4, 20 mm either side). */
const CONTENT_WIDTH = 595.28 - 2 * 20 * MM;
const EMPLOYER_WIDTH = 0.48 * CONTENT_WIDTH;
const WINDOW_WIDTH = 0.45 * CONTENT_WIDTH;

type HeaderLines = {
  employerName: string[];
  employerAddress: string[];
  employeeName: string[];
  employeeAddress: string[];
};

/** The employer block and the address window, each line broken to the width it is drawn in: a long name wraps, never runs off the page. */
async function headerLines(model: PayslipModel): Promise<HeaderLines> {
  return {
    employerName: await fitLines([model.employer.name], EMPLOYER_WIDTH, { fontWeight: "bold", fontSize: 10 }),
    employerAddress: await fitLines(model.employer.addressLines, EMPLOYER_WIDTH, { fontSize: 8.5 }),
    employeeName: await fitLines([model.employee.name], WINDOW_WIDTH, { fontWeight: "bold", fontSize: 9.5 }),
    employeeAddress: await fitLines(model.employee.addressLines, WINDOW_WIDTH, { fontSize: 9.5 }),
  };
}

const s = StyleSheet.create({
  header: { flexDirection: "row", justifyContent: "space-between", minHeight: 34 * MM },
  employer: { width: EMPLOYER_WIDTH },
  employerName: { fontSize: 10, fontWeight: "bold", marginBottom: 2 },
  addressWindow: { width: WINDOW_WIDTH, marginTop: 14 * MM, fontSize: 9.5 },
  title: { fontSize: 14, fontWeight: "bold", marginTop: 4 * MM },
  subtitle: { fontSize: 9, color: "#444", marginBottom: 3 * MM },
  details: {
    flexDirection: "row",
    borderTopWidth: 0.5,
    borderBottomWidth: 0.5,
    borderColor: "#999",
    paddingVertical: 3,
    marginBottom: 3 * MM,
  },
  detail: { flex: 1, paddingRight: 4 },
  detailLabel: { color: "#555", fontSize: 7, marginBottom: 1 },
  tableHead: {
    flexDirection: "row",
    borderBottomWidth: 0.8,
    borderColor: "#333",
    paddingBottom: 2,
    fontWeight: "bold",
    fontSize: 7.5,
    color: "#333",
  },
  line: { flexDirection: "row", paddingVertical: 1.2 },
  sectionTitle: { fontWeight: "bold", fontSize: 8, color: "#333", marginTop: 4, marginBottom: 1 },
  total: { flexDirection: "row", borderTopWidth: 0.5, borderColor: "#999", paddingVertical: 2, fontWeight: "bold" },
  net: {
    flexDirection: "row",
    borderTopWidth: 0.8,
    borderBottomWidth: 2,
    borderColor: "#111",
    paddingVertical: 3,
    marginTop: 3,
    fontWeight: "bold",
    fontSize: 10,
  },
  number: { width: 42 },
  text: { flex: 1, paddingRight: 4 },
  baseCol: { width: 74, textAlign: "right" },
  rateCol: { width: 58, textAlign: "right" },
  amountCol: { width: 74, textAlign: "right" },
  retro: { color: "#7a4a00", fontSize: 7.5 },
  note: { color: "#555", fontSize: 7.5 },
  block: { marginTop: 4.5 * MM },
  blockTitle: {
    fontWeight: "bold",
    fontSize: 9,
    borderBottomWidth: 0.8,
    borderColor: "#333",
    paddingBottom: 2,
    marginBottom: 2,
  },
  twoColumns: { flexDirection: "row", justifyContent: "space-between" },
  half: { width: "48%" },
  kv: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1.1 },
});

function PayslipDocument({
  model,
  header,
  pageNumbers,
  onRender,
}: {
  model: PayslipModel;
  header: HeaderLines;
  pageNumbers: "one page" | "counted";
  onRender?: (rendered: object) => void;
}) {
  const t = pdfLabels(model.language);
  const title = `${t.payslipTitle} ${formatMonthName(model.period.start, model.language)}`;
  return (
    <Document
      title={`${title} – ${model.employee.name}`}
      author={model.employer.name}
      language={model.language}
      creator={model.payrollName}
      producer={model.payrollName}
      onRender={onRender}
    >
      <Page
        size="A4"
        style={pageNumbers === "one page" ? [base.page, { minHeight: A4_HEIGHT }] : base.page}
        wrap={pageNumbers !== "one page"}
      >
        {!model.final && (
          <Text style={base.previewBanner} fixed>
            {t.preview}
          </Text>
        )}

        <View style={s.header}>
          <View style={s.employer}>
            <View style={s.employerName}>
              {header.employerName.map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
            </View>
            {header.employerAddress.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
            {model.employer.uid && <Text style={base.muted}>{`${t.uid} ${model.employer.uid}`}</Text>}
          </View>
          <View style={s.addressWindow}>
            {header.employeeName.map((line, i) => (
              <Text key={i} style={base.bold}>
                {line}
              </Text>
            ))}
            {header.employeeAddress.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
          </View>
        </View>

        <Text style={s.title}>{title}</Text>
        <Text
          style={s.subtitle}
        >{`${t.period} ${formatDate(model.period.start)} – ${formatDate(model.period.end)}`}</Text>

        <View style={s.details}>
          <Detail label={t.personnelNumber} value={model.employee.identifier} />
          <Detail label={t.ahvNumber} value={model.employee.ahvNumber} />
          <Detail
            label={t.activityRate}
            value={model.employee.activityRate && formatPercentText(model.employee.activityRate)}
          />
          <Detail label={t.entryDate} value={model.employee.entryDate && formatDate(model.employee.entryDate)} />
          {model.employee.exitDate && <Detail label={t.exitDate} value={formatDate(model.employee.exitDate)} />}
        </View>

        <TableHead t={t} />
        <SectionTitle text={t.earnings} />
        {model.earnings.lines.map((line, i) => (
          <LineRow key={`e${i}`} line={line} t={t} />
        ))}
        <TotalRow label={t.grossWage} amount={model.earnings.total} />

        {model.deductions.lines.length > 0 && <SectionTitle text={t.deductions} />}
        {model.deductions.lines.map((line, i) => (
          <LineRow key={`d${i}`} line={line} t={t} negate />
        ))}
        {model.deductions.lines.length > 0 && <TotalRow label={t.totalDeductions} amount={-model.deductions.total} />}
        {model.roundingDifference !== 0 && (
          <TotalRow label={t.roundingDifference} amount={model.roundingDifference} plain />
        )}

        <View style={s.net} wrap={false}>
          <Text style={s.number}>6500</Text>
          <Text style={s.text}>{t.netWage}</Text>
          <Text style={s.amountCol}>{formatChf(model.net)}</Text>
        </View>

        {model.allowancesAndExpenses.lines.length > 0 && (
          <>
            <SectionTitle text={t.allowancesAndExpenses} />
            {model.allowancesAndExpenses.lines.map((line, i) => (
              <LineRow key={`a${i}`} line={line} t={t} />
            ))}
            <View style={s.net} wrap={false}>
              <Text style={s.number} />
              <Text style={s.text}>{t.payableAmount}</Text>
              <Text style={s.amountCol}>{formatChf(model.payable)}</Text>
            </View>
          </>
        )}

        <Payments model={model} t={t} />

        {model.employerContributions && (
          <View style={s.block} wrap={false}>
            <Text style={s.blockTitle}>{t.employerContributions}</Text>
            {model.employerContributions.lines.map((line, i) => (
              <LineRow key={`c${i}`} line={line} t={t} />
            ))}
            <TotalRow label={t.totalEmployerContributions} amount={model.employerContributions.total} />
          </View>
        )}

        {model.yearToDate.length > 0 && (
          <View style={s.block} wrap={false}>
            <Text style={s.blockTitle}>{`${t.yearToDate} ${model.period.start.slice(0, 4)}`}</Text>
            <View style={s.twoColumns}>
              {halves(model.yearToDate).map((column, c) => (
                <View key={c} style={s.half}>
                  {column.map((item) => (
                    <View key={item.key} style={s.kv}>
                      <Text>{t.ytd[item.key]}</Text>
                      <Text>{formatChf(item.amount)}</Text>
                    </View>
                  ))}
                </View>
              ))}
            </View>
          </View>
        )}

        <View style={base.footer} fixed>
          <Text>{`${model.employer.name} · ${model.employee.name} · ${formatMonthName(model.period.start, model.language)}`}</Text>
          {!model.final && <Text style={base.previewFooter}>{t.preview}</Text>}
          {pageNumbers === "one page" ? (
            <Text>1 / 1</Text>
          ) : (
            <Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
          )}
        </View>
      </Page>
    </Document>
  );
}

function halves<T>(items: T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <View style={s.detail}>
      <Text style={s.detailLabel}>{label}</Text>
      <Text>{value ?? "–"}</Text>
    </View>
  );
}

function TableHead({ t }: { t: PdfLabels }) {
  return (
    <View style={s.tableHead}>
      <Text style={s.number}>{t.wageType}</Text>
      <Text style={s.text}>{t.text}</Text>
      <Text style={s.baseCol}>{t.base}</Text>
      <Text style={s.rateCol}>{t.rate}</Text>
      <Text style={s.amountCol}>{t.amount}</Text>
    </View>
  );
}

function SectionTitle({ text }: { text: string }) {
  return <Text style={s.sectionTitle}>{text}</Text>;
}

function LineRow({ line, t, negate = false }: { line: PayslipLine; t: PdfLabels; negate?: boolean }) {
  return (
    <View style={s.line} wrap={false}>
      <Text style={s.number}>{line.number}</Text>
      <Text style={s.text}>
        {line.text}
        {line.retroPeriodStart && (
          <Text style={s.retro}>{`  ${t.retro} ${formatPeriodShort(line.retroPeriodStart)}`}</Text>
        )}
        {line.annualBase && <Text style={s.note}>{`  (${t.annualBase})`}</Text>}
      </Text>
      <Text style={s.baseCol}>{line.base === null ? "" : formatChf(line.base)}</Text>
      <Text style={s.rateCol}>{line.rate === null ? "" : formatPercentText(line.rate)}</Text>
      <Text style={s.amountCol}>{formatChf(negate ? -line.amount : line.amount)}</Text>
    </View>
  );
}

function TotalRow({ label, amount, plain = false }: { label: string; amount: Rappen; plain?: boolean }) {
  return (
    <View style={plain ? s.line : s.total} wrap={false}>
      <Text style={s.number} />
      <Text style={s.text}>{label}</Text>
      <Text style={s.amountCol}>{formatChf(amount)}</Text>
    </View>
  );
}

function Payments({ model, t }: { model: PayslipModel; t: PdfLabels }) {
  const { payouts, paidOut, open, bankAccount, carriedForward = 0 } = model.payments;
  return (
    <View style={s.block} wrap={false}>
      <Text style={s.blockTitle}>{t.payments}</Text>
      <View style={s.twoColumns}>
        <View style={s.half}>
          {carriedForward !== 0 && (
            <View style={s.kv}>
              <Text>{t.carriedForward}</Text>
              <Text>{formatChf(carriedForward)}</Text>
            </View>
          )}
          {payouts.length === 0 && <Text style={base.muted}>{t.noPayments}</Text>}
          {payouts.map((payout, i) => (
            <View key={i} style={s.kv}>
              <Text>{`${formatDate(payout.date)}  ${payout.iban === null ? t.paidExternally : formatIbanForPrint(payout.iban)}`}</Text>
              <Text>{formatChf(payout.amount)}</Text>
            </View>
          ))}
          <View style={s.kv}>
            <Text>{t.paidOut}</Text>
            <Text>{formatChf(paidOut)}</Text>
          </View>
          {open !== 0 && (
            <View style={s.kv}>
              <Text style={base.bold}>{t.openAmount}</Text>
              <Text style={base.bold}>{formatChf(open)}</Text>
            </View>
          )}
        </View>
        <View style={s.half}>
          <Text style={base.muted}>{t.bankAccount}</Text>
          <Text style={{ fontSize: 9.5, marginTop: 1 * MM }}>
            {bankAccount ? formatIbanForPrint(bankAccount.iban) : "–"}
          </Text>
          {bankAccount?.holder && <Text>{`${t.accountHolder}: ${bankAccount.holder}`}</Text>}
        </View>
      </View>
    </View>
  );
}

import { useLocale, useTranslations } from "next-intl";
import { Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "@/components/ui/table";
import { formatterFor } from "@/components/format/swiss";
import type { Locale } from "@/i18n/locales";

export type PeriodTotal = {
  id: string;
  periodStart: string;
  status: "open" | "closed" | "finalized";
  employees: number;
  rappen: { gross: number; net: number; employerCost: number };
};

const SERIES = [
  { key: "gross", color: "#1e3a8a" },
  { key: "net", color: "#0ea5e9" },
  { key: "employerCost", color: "#d97706" },
] as const;

/** A round step near `raw` (1, 2, 2.5 or 5 times a power of ten), for axis ticks. */
function niceStep(raw: number) {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10) * power;
}

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 12, bottom: 44, left: 76 };

/**
 * Gross, net and employer cost per period as a grouped bar chart (plain SVG, drawn on the server),
 * with a legend and the same figures as a table. The open period's figures are previews.
 */
export function TotalsChart({ periods, caption }: { periods: PeriodTotal[]; caption: string }) {
  const t = useTranslations("periods");
  const format = formatterFor(useLocale() as Locale);
  const monthLabel = (periodStart: string, style: "long" | "short" = "long") =>
    style === "long"
      ? format.month(periodStart)
      : new Intl.DateTimeFormat(format.locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
          new Date(`${periodStart}T00:00:00Z`),
        );
  const formatChf = (rappen: number, options?: { decimals?: boolean }) => format.amount(rappen, options);
  const label = (key: (typeof SERIES)[number]["key"]) => t(`chart.${key}`);
  const maxRappen = Math.max(0, ...periods.flatMap((p) => SERIES.map((s) => p.rappen[s.key])));
  const maxFrancs = Math.max(maxRappen / 100, 1000);
  const step = niceStep(maxFrancs / 4);
  const top = Math.ceil(maxFrancs / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (francs: number) => MARGIN.top + plotHeight - (francs / top) * plotHeight;
  const groupWidth = plotWidth / Math.max(periods.length, 1);
  const barWidth = Math.min(28, (groupWidth * 0.72) / SERIES.length);
  const titleId = `totals-chart-title`;
  const descId = `totals-chart-desc`;

  return (
    <figure className="space-y-3" data-testid="totals-chart">
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-label={t("chart.legend")}>
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: s.color }} />
            {label(s.key)}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{caption}</title>
        <desc id={descId}>
          {periods
            .map((p) =>
              t("chart.periodSummary", {
                month: monthLabel(p.periodStart),
                open: p.status === "open" ? t("chart.openSuffix") : "",
                gross: formatChf(p.rappen.gross),
                net: formatChf(p.rappen.net),
                employerCost: formatChf(p.rappen.employerCost),
              }),
            )
            .join("; ")}
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? "#64748b" : "#e2e8f0"}
              strokeWidth={1}
            />
            <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill="#475569">
              {formatChf(Math.round(tick * 100), { decimals: false })}
            </text>
          </g>
        ))}
        <text
          transform={`translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize={12}
          fill="#475569"
        >
          CHF
        </text>
        {periods.map((period, index) => {
          const groupX = MARGIN.left + index * groupWidth;
          const barsX = groupX + (groupWidth - barWidth * SERIES.length) / 2;
          const open = period.status === "open";
          return (
            <g key={period.id}>
              {SERIES.map((s, i) => {
                const francs = period.rappen[s.key] / 100;
                const barTop = y(Math.max(francs, 0));
                return (
                  <rect
                    key={s.key}
                    x={barsX + i * barWidth}
                    y={barTop}
                    width={barWidth - 2}
                    height={Math.max(MARGIN.top + plotHeight - barTop, 0)}
                    fill={s.color}
                    fillOpacity={open ? 0.55 : 1}
                    stroke={open ? s.color : "none"}
                    strokeDasharray={open ? "3 2" : undefined}
                  >
                    <title>
                      {t("chart.bar", {
                        month: monthLabel(period.periodStart),
                        series: label(s.key),
                        amount: formatChf(period.rappen[s.key]),
                      })}
                    </title>
                  </rect>
                );
              })}
              <text
                x={groupX + groupWidth / 2}
                y={HEIGHT - MARGIN.bottom + 18}
                textAnchor="middle"
                fontSize={12}
                fill="#334155"
              >
                {monthLabel(period.periodStart, "short")}
              </text>
              {open ? (
                <text
                  x={groupX + groupWidth / 2}
                  y={HEIGHT - MARGIN.bottom + 34}
                  textAnchor="middle"
                  fontSize={11}
                  fill="#0369a1"
                >
                  {t("chart.open")}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-slate-500">{t("chart.previewNote", { caption })}</figcaption>
      <div className="overflow-x-auto">
        <Table data-testid="totals-table" caption={t("chart.tableCaption", { caption })}>
          <TableHead>
            <tr>
              <HeaderCell>{t("chart.period")}</HeaderCell>
              <HeaderCell numeric>{t("chart.employees")}</HeaderCell>
              <HeaderCell numeric>{t("chart.grossChf")}</HeaderCell>
              <HeaderCell numeric>{t("chart.netChf")}</HeaderCell>
              <HeaderCell numeric>{t("chart.employerCostChf")}</HeaderCell>
            </tr>
          </TableHead>
          <TableBody className="tabular-nums">
            {periods.map((p) => (
              <tr key={p.id} data-period-id={p.id} className={p.status === "open" ? "bg-sky-50/60" : undefined}>
                <RowHeader className="font-medium text-slate-900">
                  {monthLabel(p.periodStart)}
                  {p.status === "open" ? (
                    <span className="ml-2 text-xs font-normal text-sky-800">{t("chart.openPreview")}</span>
                  ) : null}
                </RowHeader>
                <Cell numeric>{p.employees}</Cell>
                <Cell numeric>{formatChf(p.rappen.gross)}</Cell>
                <Cell numeric>{formatChf(p.rappen.net)}</Cell>
                <Cell numeric>{formatChf(p.rappen.employerCost)}</Cell>
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </figure>
  );
}

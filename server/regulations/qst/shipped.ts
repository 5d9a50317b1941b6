import type { CompactTariffFile, QstTariff, QstTariffTable } from "./tariffs";
import { expandCompactTariff, tariffTable } from "./tariffs";
import data from "./data/qst-tariffs.json";

/**
 * The withholding-tax tariffs shipped with the service, built by scripts/qst-extract.ts from the
 * ESTV tariff files (public data; see ../shared/domain/PROVENANCE.md and tests/fixtures/qst/). Currently
 * 2026 for the cantons ZH (tar26zh.txt), AG (tar26ag.txt) and LU (tar26lu.txt), every tariff of each file
 * (A, B, C, H with 0-9 children and Y/N, E, G, L, M, N, P, Q and the predefined categories HE*, ME*, NO*,
 * the commission codes PEL/PPA/PSP and MED).
 */
const files = data as unknown as readonly CompactTariffFile[];

let cached: { tariffs: QstTariff[]; table: QstTariffTable } | null = null;

function load() {
  if (!cached) {
    const tariffs = files.flatMap((file) => file.tariffs.map(expandCompactTariff));
    cached = { tariffs, table: tariffTable(tariffs) };
  }
  return cached;
}

/** Every shipped tariff, expanded. */
export function shippedQstTariffs(): readonly QstTariff[] {
  return load().tariffs;
}

/** The shipped tariffs indexed for qstRate(). */
export function shippedQstTable(): QstTariffTable {
  return load().table;
}

/** The shipped files in their compact form, as stored in qst_tariff_files. */
export function shippedQstFiles(): readonly CompactTariffFile[] {
  return files;
}

/** The source files of the shipped data (file, canton, creation date, sha256, record count). */
export function shippedQstSources() {
  return files.map((file) => file.source);
}

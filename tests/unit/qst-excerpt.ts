import { readFileSync } from "node:fs";
import path from "node:path";
import { parseTariffFile } from "@/server/regulations/qst/tariff-file";
import { type QstTariff, tariffTable, tariffsFromRecords } from "@/server/regulations/qst/tariffs";
import { shippedQstTariffs } from "@/server/regulations/qst";

/**
 * The GE 2026 excerpt (tests/fixtures/qst/README.md): A0N up to the bracket from 14,750.00, B0N up to
 * 16,600.00, and GE's one-line tariffs. Its footer counts the full file, so it is read here without
 * the import's completeness check.
 */
export const GE_EXCERPT_PATH = path.join(__dirname, "..", "fixtures", "qst", "tar26ge-excerpt.txt");
export const geExcerptText = () => readFileSync(GE_EXCERPT_PATH, "latin1");

let tariffs: QstTariff[] | null = null;
export function geExcerptTariffs(): QstTariff[] {
  tariffs ??= tariffsFromRecords(parseTariffFile(geExcerptText()).records);
  return tariffs;
}

/** The shipped ZH/AG/LU tables plus the GE excerpt. */
export const testQstTable = () => tariffTable([...shippedQstTariffs(), ...geExcerptTariffs()]);

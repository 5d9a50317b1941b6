import "server-only";
import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import { type Database, type Tx, getDb } from "../../db/client";
import { qstTariffFiles } from "../../db/schema";
import { shippedQstFiles } from "./shipped";
import type { VerifiedTariffFile } from "./tariff-import";
import {
  type CompactTariff,
  type CompactTariffFile,
  type QstTariffTable,
  expandCompactTariff,
  tariffTable,
} from "./tariffs";

/**
 * The withholding-tax tariffs as the calculation uses them: the files in qst_tariff_files (regulation
 * data, imported from the shipped files with the catalog and by the daily update), for each canton and
 * year the edition with the latest creation date.
 */
export type StoredQstTariffs = {
  /** sha256 of each file in force, sorted: what a calculation's basis records. */
  readonly shas: readonly string[];
  /** Names these files together (a worker thread keeps the table it built under it). */
  readonly key: string;
  readonly files: readonly CompactTariffFile[];
  readonly table: QstTariffTable;
};

type FileRow = { sha256: string; canton: string; year: number; creationDate: string; importedAt: Date };

/** The file that applies per canton and year: the latest creation date, then the latest imported. */
export function filesInForce(rows: readonly FileRow[]): string[] {
  const best = new Map<string, FileRow>();
  for (const row of rows) {
    const key = `${row.canton}|${row.year}`;
    const held = best.get(key);
    if (
      !held ||
      row.creationDate > held.creationDate ||
      (row.creationDate === held.creationDate && row.importedAt > held.importedAt)
    )
      best.set(key, row);
  }
  return [...best.values()].map((row) => row.sha256).sort();
}

/** Contents never change under a sha256: kept once read. */
const contentBySha = new Map<string, CompactTariffFile>();
const tables = new Map<string, StoredQstTariffs>();
const TABLES_KEPT = 4;

/** The table of these files (built once per set: expanding every bracket of 26 cantons takes a while). */
export function tariffsOf(files: readonly CompactTariffFile[]): StoredQstTariffs {
  const shas = files.map((file) => file.source.sha256).sort();
  const key = createHash("sha256").update(shas.join(",")).digest("hex").slice(0, 32);
  const kept = tables.get(key);
  if (kept) return kept;
  const table = tariffTable(files.flatMap((file) => file.tariffs.map(expandCompactTariff)));
  if (tables.size >= TABLES_KEPT) tables.clear();
  const built = { shas, key, files, table };
  tables.set(key, built);
  return built;
}

/** The files stored under these sha256 (a basis's, for an explanation); throws for one not stored. */
export async function qstTariffFilesBySha(db: Database | Tx, shas: readonly string[]): Promise<CompactTariffFile[]> {
  const missing = [...new Set(shas)].filter((sha) => !contentBySha.has(sha));
  if (missing.length) {
    for (const row of await db.select().from(qstTariffFiles).where(inArray(qstTariffFiles.sha256, missing))) {
      contentBySha.set(row.sha256, {
        source: {
          file: row.fileName,
          canton: row.canton,
          creationDate: row.creationDate,
          sha256: row.sha256,
          records: row.records,
        },
        tariffs: row.tariffs as CompactTariff[],
      });
    }
  }
  return shas.map((sha) => {
    const file = contentBySha.get(sha);
    if (!file) throw new Error(`No withholding-tax tariff file with sha256 ${sha}`);
    return file;
  });
}

/** The tariffs in force as the database holds them now (a database from before tariffs were stored gets the shipped ones first). */
export async function loadQstTariffs(db: Database | Tx): Promise<StoredQstTariffs> {
  const read = () =>
    db
      .select({
        sha256: qstTariffFiles.sha256,
        canton: qstTariffFiles.canton,
        year: qstTariffFiles.year,
        creationDate: qstTariffFiles.creationDate,
        importedAt: qstTariffFiles.importedAt,
      })
      .from(qstTariffFiles);
  let rows = await read();
  if (!rows.length) {
    await importShippedTariffs(db);
    rows = await read();
  }
  return tariffsOf(await qstTariffFilesBySha(db, filesInForce(rows)));
}

export type StoredTariffFile = { file: string; sha256: string; canton: string; year: number; records: number };

/** Stores verified files not stored yet; answers those it added. */
export async function storeTariffFiles(
  tx: Database | Tx,
  files: readonly { verified: VerifiedTariffFile; source: string }[],
): Promise<StoredTariffFile[]> {
  // Files already stored are not sent again (the shipped ones with every catalog import, fetched ones daily).
  const stored = files.length
    ? await tx
        .select({ sha256: qstTariffFiles.sha256 })
        .from(qstTariffFiles)
        .where(
          inArray(
            qstTariffFiles.sha256,
            files.map(({ verified }) => verified.source.sha256),
          ),
        )
    : [];
  const known = new Set(stored.map((row) => row.sha256));
  const fresh = files.filter(({ verified }) => !known.has(verified.source.sha256));
  if (!fresh.length) return [];
  const added = await tx
    .insert(qstTariffFiles)
    .values(
      fresh.map(({ verified, source }) => ({
        sha256: verified.source.sha256,
        canton: verified.source.canton,
        year: verified.year,
        fileName: verified.source.file,
        source,
        creationDate: verified.source.creationDate,
        records: verified.source.records,
        tariffs: verified.tariffs as unknown[],
      })),
    )
    .onConflictDoNothing()
    .returning({
      file: qstTariffFiles.fileName,
      sha256: qstTariffFiles.sha256,
      canton: qstTariffFiles.canton,
      year: qstTariffFiles.year,
      records: qstTariffFiles.records,
    });
  return added;
}

/** The shipped files (server/regulations/qst/data), stored with the catalog's import. */
export function importShippedTariffs(tx: Database | Tx) {
  return storeTariffFiles(
    tx,
    shippedQstFiles().map((file) => ({
      verified: { ...file, year: Number(file.tariffs[0]!.validFrom.slice(0, 4)) },
      source: `shipped:${file.source.file}`,
    })),
  );
}

/** The files in force, for the console: canton, year, the ESTV's creation date and where each came from. */
export async function qstTariffFilesInForce(within?: Database | Tx) {
  const db = within ?? (await getDb());
  const rows = await db
    .select({
      sha256: qstTariffFiles.sha256,
      canton: qstTariffFiles.canton,
      year: qstTariffFiles.year,
      fileName: qstTariffFiles.fileName,
      source: qstTariffFiles.source,
      creationDate: qstTariffFiles.creationDate,
      importedAt: qstTariffFiles.importedAt,
    })
    .from(qstTariffFiles);
  const inForce = new Set(filesInForce(rows));
  return rows
    .filter((row) => inForce.has(row.sha256))
    .map(({ canton, year, fileName, source, creationDate }) => ({
      canton,
      year,
      fileName,
      creationDate,
      fetched: !source.startsWith("shipped:"),
    }))
    .sort((a, b) => b.year - a.year || a.canton.localeCompare(b.canton));
}

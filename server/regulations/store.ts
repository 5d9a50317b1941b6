import "server-only";
import { createHash } from "node:crypto";
import { v5 } from "uuid";
import { getDb, type Database, type Tx } from "../db/client";
import { regulationContents, regulationVersions } from "../db/schema";
import { newId } from "../ids";
import { allRegulations, versionInForce, type Regulation, type RegulationVersion } from "./catalog";
import { shippedQstFiles } from "./qst/shipped";
import {
  type StoredQstTariffs,
  type StoredTariffFile,
  importShippedTariffs,
  loadQstTariffs,
  tariffsOf,
} from "./qst/stored";

/**
 * Regulations as the service uses them: read from the database, where `npm run regulations:update`
 * imports the catalog's versions. A version applies from its validFrom date on; one imported while
 * the service runs is picked up within CACHE_MS, without a restart.
 */
const NAMESPACE = "6f1c1c57-4a43-4b8e-9d0e-6a1d2f0b7a11";
export const regulationIdOf = (name: string) => v5(name, NAMESPACE);

const CACHE_MS = 60_000;
let cache: { at: number; regulations: Map<string, Regulation> } | null = null;

const checksum = (content: unknown) => createHash("sha256").update(JSON.stringify(content)).digest("hex");

/** A version the import added or changed. */
export type ImportedVersion = { name: string; validFrom: string };

type ImportOptions<T> = {
  /** The catalog to import (the shipped one unless a test gives another). */
  catalog?: Regulation[];
  /** Runs in the import's transaction with what changed (the regulation update records itself and schedules recalculations there). */
  afterImport?: (
    tx: Tx,
    imported: { added: number; updated: number; changes: ImportedVersion[]; tariffsAdded: StoredTariffFile[] },
  ) => Promise<T>;
};

/**
 * Imports every catalog version that is new or changed; returns what it did. One transaction, so
 * that a service reading the regulations meanwhile sees all of an import or none of it.
 */
export async function importCatalog<T = void>(db?: Database | Tx, options: ImportOptions<T> = {}) {
  const database = db ?? (await getDb());
  const { eq } = await import("drizzle-orm");
  const outcome = await database.transaction(async (tx) => {
    const existing = new Map(
      (await tx.select().from(regulationVersions)).map((row) => [`${row.name}@${row.validFrom}`, row]),
    );
    let added = 0;
    let updated = 0;
    const changes: ImportedVersion[] = [];
    for (const regulation of options.catalog ?? allRegulations()) {
      for (const version of regulation.versions) {
        const content = {
          name: regulation.name,
          kind: regulation.kind,
          displayName: regulation.displayName,
          country: regulation.country,
          version,
        };
        const sum = checksum(content);
        const row = existing.get(`${regulation.name}@${version.validFrom}`);
        if (!row) {
          const inserted = await tx
            .insert(regulationVersions)
            .values({
              id: newId(),
              regulationId: regulationIdOf(regulation.name),
              name: regulation.name,
              kind: regulation.kind,
              validFrom: version.validFrom,
              content,
              checksum: sum,
            })
            .onConflictDoNothing()
            .returning({ id: regulationVersions.id });
          added += inserted.length;
          if (inserted.length) changes.push({ name: regulation.name, validFrom: version.validFrom });
        } else if (row.checksum !== sum) {
          await tx
            .update(regulationVersions)
            .set({ content, checksum: sum, importedAt: new Date() })
            .where(eq(regulationVersions.id, row.id));
          updated++;
          changes.push({ name: regulation.name, validFrom: version.validFrom });
        }
      }
    }
    // Every content under its checksum, kept when a version is later updated in place.
    const contents = [...(options.catalog ?? allRegulations())].flatMap((regulation) =>
      regulation.versions.map((version) => {
        const content = {
          name: regulation.name,
          kind: regulation.kind,
          displayName: regulation.displayName,
          country: regulation.country,
          version,
        };
        return { checksum: checksum(content), content };
      }),
    );
    if (contents.length) await tx.insert(regulationContents).values(contents).onConflictDoNothing();
    // The withholding-tax tariffs shipped with this release are regulation data too.
    const tariffsAdded = await importShippedTariffs(tx as Tx);
    const after = options.afterImport
      ? await options.afterImport(tx as Tx, { added, updated, changes, tariffsAdded })
      : undefined;
    return { added, updated, changes, tariffsAdded, after };
  });
  cache = null;
  return outcome;
}

type StoredContent = {
  name: string;
  kind: Regulation["kind"];
  displayName: Regulation["displayName"];
  country: string | null;
  version: RegulationVersion;
};

async function load(within?: Tx): Promise<Map<string, Regulation>> {
  const db = within ?? (await getDb());
  let rows = await db.select().from(regulationVersions);
  if (!rows.length) {
    await importCatalog(db); // a fresh database starts with the shipped catalog
    rows = await db.select().from(regulationVersions);
  }
  const qst = await loadQstTariffs(db);
  const regulations = new Map<string, { regulation: Omit<Regulation, "versions">; versions: RegulationVersion[] }>();
  for (const row of rows) {
    const content = row.content as StoredContent;
    checksums.set(content.version, row.checksum);
    const entry = regulations.get(content.name) ?? {
      regulation: {
        name: content.name,
        kind: content.kind,
        displayName: content.displayName,
        country: content.country,
      },
      versions: [],
    };
    entry.versions.push(content.version);
    regulations.set(content.name, entry);
  }
  const loaded = new Map(
    [...regulations.values()].map(({ regulation, versions }) => [
      regulation.name,
      { ...regulation, versions: versions.sort((a, b) => a.validFrom.localeCompare(b.validFrom)) },
    ]),
  );
  qstOfRegulations.set(loaded, qst);
  return loaded;
}

/** The withholding-tax tariffs read together with each set of regulations (they are regulation data too). */
const qstOfRegulations = new WeakMap<ReadonlyMap<string, Regulation>, StoredQstTariffs>();

/**
 * The withholding-tax tariffs in force when these regulations were read. Regulations not read from the
 * database (a test's own catalog) get the shipped tariffs, which is what a fresh database holds.
 */
export function qstTariffsOf(regulations: ReadonlyMap<string, Regulation>): StoredQstTariffs {
  return qstOfRegulations.get(regulations) ?? tariffsOf(shippedQstFiles());
}

const checksums = new WeakMap<RegulationVersion, string>();

/** The checksum a version's content was stored under (computed for a version not read from the database, as the import computes it). */
export function checksumOf(regulation: Omit<Regulation, "versions">, version: RegulationVersion): string {
  let sum = checksums.get(version);
  if (!sum) {
    sum = checksum({
      name: regulation.name,
      kind: regulation.kind,
      displayName: regulation.displayName,
      country: regulation.country,
      version,
    });
    checksums.set(version, sum);
  }
  return sum;
}

/** Contents never change under a checksum: kept once read. */
const byChecksum = new Map<string, RegulationVersion>();

/** The versions stored under these checksums (regulation_contents), as the calculation reads them. */
export async function versionsByChecksum(
  db: Database | Tx,
  wanted: readonly string[],
): Promise<Map<string, RegulationVersion>> {
  const missing = [...new Set(wanted)].filter((sum) => !byChecksum.has(sum));
  if (missing.length) {
    const { inArray } = await import("drizzle-orm");
    for (const row of await db.select().from(regulationContents).where(inArray(regulationContents.checksum, missing))) {
      const version = (row.content as StoredContent).version;
      checksums.set(version, row.checksum);
      byChecksum.set(row.checksum, version);
    }
  }
  const found = new Map<string, RegulationVersion>();
  for (const sum of wanted) {
    const version = byChecksum.get(sum);
    if (!version) throw new Error(`No regulation content with checksum ${sum}`);
    found.set(sum, version);
  }
  return found;
}

/** All regulations by name. Read them before a transaction and pass them in: on the embedded database a read outside the open transaction would wait for it. */
export type Regulations = ReadonlyMap<string, Regulation>;

/** Drops the cached regulations so that the next read sees the database (after an import elsewhere). */
export function forgetCachedRegulations() {
  cache = null;
}

/** `within`: read in that open transaction when the cache is stale (a job that runs in a transaction on the embedded database). */
export async function storedRegulations(within?: Tx): Promise<Map<string, Regulation>> {
  if (!cache || Date.now() - cache.at > CACHE_MS) return reloadRegulations(within);
  return cache.regulations;
}

/**
 * The regulations as the database holds them now, whatever this process cached: for work that exists because
 * they changed, possibly in another process (the regulation update's recalculation jobs).
 */
export async function reloadRegulations(within?: Tx): Promise<Map<string, Regulation>> {
  cache = { at: Date.now(), regulations: await load(within) };
  return cache.regulations;
}

export { versionInForce };

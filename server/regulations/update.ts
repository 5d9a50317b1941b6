import "server-only";
import { and, desc, eq, exists, sql } from "drizzle-orm";
import { getDb, type Tx } from "../db/client";
import {
  caseValues,
  payrolls,
  payrunPeriods,
  regulationUpdates,
  type regulationUpdateTriggers,
  type TariffFetchOutcome,
} from "../db/schema";
import { env } from "../env";
import { TenantScope } from "../db/tenant-scope";
import { newId } from "../ids";
import { enqueueJob, registerJobSchedule, registerSystemJobHandler } from "../jobs/queue";
import type { Regulation } from "./catalog";
import { fetchTariffFiles, tariffYears, type FetchedTariffs } from "./qst/fetch";
import { storeTariffFiles, type StoredTariffFile } from "./qst/stored";
import { forgetCachedRegulations, importCatalog, type ImportedVersion } from "./store";

/**
 * Regulations are updated daily, automatically (interface 1.6): a pg-boss schedule sends
 * `regulations.update` once a day, one job for all server processes; it imports the catalog's new
 * and changed versions (what `npm run regulations:update` does) and, in the same transaction,
 * records the run and sends one `regulations.recalculate` job per payroll whose results the new
 * versions change (or a new withholding-tax tariff file, fetched from QST_TARIFF_SOURCE_URL), so that each payroll is recalculated in its own tenant's transaction, retried on
 * its own (the recalculation is server/workflows/recalculate-for-regulations.ts).
 */
export const REGULATIONS_UPDATE = "regulations.update";
export const REGULATIONS_RECALCULATE = "regulations.recalculate";
/** 03:15 in Switzerland, every day. */
export const REGULATIONS_UPDATE_CRON = "15 3 * * *";

type Trigger = (typeof regulationUpdateTriggers)[number];

/**
 * The payrolls a change reaches: those using a changed regulation (country or industry) whose open
 * period starts on or after the changed version's validFrom. A version from a later date changes
 * nothing yet; the close of the period before it recalculates with it. `from` is the earliest
 * changed date, so that closed periods of that year get their retro lines.
 */
async function affectedPayrolls(tx: Tx, changes: ImportedVersion[]) {
  if (!changes.length) return [];
  const open = await tx
    .select({
      id: payrolls.id,
      tenantId: payrolls.tenantId,
      country: payrolls.countryRegulation,
      industries: payrolls.industries,
      periodStart: payrunPeriods.periodStart,
    })
    .from(payrolls)
    .innerJoin(payrunPeriods, and(eq(payrunPeriods.payrollId, payrolls.id), eq(payrunPeriods.status, "open")));
  const affected: { payrollId: string; tenantId: string; from: string }[] = [];
  for (const payroll of open) {
    const uses = new Set([payroll.country, ...payroll.industries]);
    const dates = changes.filter((c) => uses.has(c.name) && c.validFrom <= payroll.periodStart).map((c) => c.validFrom);
    if (dates.length) affected.push({ payrollId: payroll.id, tenantId: payroll.tenantId, from: dates.sort()[0]! });
  }
  return affected;
}

/**
 * The payrolls a new withholding-tax tariff file reaches: those with an open period in the file's year
 * and someone taxed at source in its canton (a TaxAtSourceCanton value). Recalculated from the open
 * period on: closed months keep the tariff they were calculated with.
 */
async function payrollsTaxedIn(tx: Tx, files: readonly StoredTariffFile[]) {
  const affected: { payrollId: string; tenantId: string; from: string }[] = [];
  for (const file of files) {
    const open = await tx
      .select({ id: payrolls.id, tenantId: payrolls.tenantId, periodStart: payrunPeriods.periodStart })
      .from(payrolls)
      .innerJoin(payrunPeriods, and(eq(payrunPeriods.payrollId, payrolls.id), eq(payrunPeriods.status, "open")))
      .where(
        and(
          sql`extract(year from ${payrunPeriods.periodStart})::int = ${file.year}`,
          exists(
            tx
              .select({ one: sql`1` })
              .from(caseValues)
              .where(
                and(
                  eq(caseValues.tenantId, payrolls.tenantId),
                  eq(caseValues.payrollId, payrolls.id),
                  eq(caseValues.fieldName, "TaxAtSourceCanton"),
                  eq(caseValues.value, file.canton),
                ),
              ),
          ),
        ),
      );
    for (const payroll of open)
      affected.push({ payrollId: payroll.id, tenantId: payroll.tenantId, from: payroll.periodStart });
  }
  return affected;
}

/** One recalculation per payroll, from the earliest date any change needs. */
function merged(...lists: { payrollId: string; tenantId: string; from: string }[][]) {
  const byPayroll = new Map<string, { payrollId: string; tenantId: string; from: string }>();
  for (const item of lists.flat()) {
    const held = byPayroll.get(item.payrollId);
    if (!held || item.from < held.from) byPayroll.set(item.payrollId, item);
  }
  return [...byPayroll.values()];
}

export type UpdateOptions = {
  /** The catalog to import (the shipped one unless a test gives another). */
  catalog?: Regulation[];
  /** Where to fetch the withholding-tax tariff files from; default QST_TARIFF_SOURCE_URL, null: not at all. */
  tariffSource?: string | null;
  /** The tariff years to look for (default: this year and the next). */
  tariffYears?: readonly number[];
};

/**
 * Fetches the tariff files (before the transaction: it waits on the network), then imports the catalog
 * and the verified tariff files, records the run and schedules the recalculations, in one transaction.
 */
export async function updateRegulations(trigger: Trigger, options: UpdateOptions = {}) {
  const source = options.tariffSource === undefined ? (env().QST_TARIFF_SOURCE_URL ?? null) : options.tariffSource;
  const fetched: FetchedTariffs | null = source
    ? await fetchTariffFiles(source, options.tariffYears ?? tariffYears())
    : null;
  const outcome = await importCatalog(await getDb(), {
    catalog: options.catalog,
    afterImport: async (tx, { added, updated, changes, tariffsAdded }) => {
      const fetchedAdded = fetched ? await storeTariffFiles(tx, fetched.verified) : [];
      const newTariffs = [...tariffsAdded, ...fetchedAdded];
      const affected = merged(await affectedPayrolls(tx, changes), await payrollsTaxedIn(tx, newTariffs));
      for (const { payrollId, tenantId, from } of affected) {
        await enqueueJob(await TenantScope.entered(tx, tenantId), REGULATIONS_RECALCULATE, { payrollId, from });
      }
      await TenantScope.leave(tx);
      const tariffs: TariffFetchOutcome | null = fetched && {
        source: fetched.source,
        added: fetchedAdded.map(({ file, sha256, records }) => ({ file, sha256, records })),
        refused: fetched.refused,
        unchanged: fetched.verified.length - fetchedAdded.length,
        notPublished: fetched.notPublished,
      };
      await tx
        .insert(regulationUpdates)
        .values({ id: newId(), trigger, added, updated, payrollsRecalculated: affected.length, tariffs });
      return { payrollsRecalculated: affected.length, tariffs };
    },
  });
  return {
    added: outcome.added,
    updated: outcome.updated,
    changes: outcome.changes,
    payrollsRecalculated: outcome.after?.payrollsRecalculated ?? 0,
    tariffs: outcome.after?.tariffs ?? null,
  };
}

/** The last run of the update (the console shows when the regulations were last updated). */
export async function lastRegulationUpdate() {
  const db = await getDb();
  const [row] = await db.select().from(regulationUpdates).orderBy(desc(regulationUpdates.ranAt)).limit(1);
  return row ?? null;
}

registerSystemJobHandler(
  REGULATIONS_UPDATE,
  async () => {
    await updateRegulations("schedule");
    forgetCachedRegulations();
  },
  { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 900, concurrency: 1 },
);
registerJobSchedule(REGULATIONS_UPDATE, REGULATIONS_UPDATE_CRON, "Europe/Zurich");

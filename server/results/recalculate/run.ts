import type { TenantScope } from "../../db/tenant-scope";
import type { StoredQstTariffs } from "../../regulations/qst/stored";
import type { EntryContext } from "../entry-rows";
import type { phaseClock } from "../recalc-phases";
import type { mergedVersions, versionsFor } from "./chain";
import type { slicesToRead } from "./slices";
import type { PayrollRow, PeriodRow } from "./types";

/** What a recalculation has decided and read before it calculates and writes its entries (recalculate-open-period.ts). */
export type EntriesRun = {
  scope: TenantScope;
  payroll: PayrollRow;
  open: PeriodRow;
  basisId: string;
  chain: PeriodRow[];
  versionsOf: Map<string, ReturnType<typeof versionsFor>>;
  regulationOf: Map<string, ReturnType<typeof mergedVersions>>;
  context: EntryContext;
  /** The withholding-tax tariffs in force (context.qst is their table). */
  qst: StoredQstTariffs;
  /** The employees recalculated, in employee order (staffRead). */
  staff: { id: string }[];
  slices: ReturnType<typeof slicesToRead>;
  clock: ReturnType<typeof phaseClock>;
  /** Collects the closed periods the entries book retro lines for. */
  retroPeriods: Set<string>;
};

import { channel } from "node:diagnostics_channel";

/**
 * What a recalculation tells whoever listens, on diagnostics channels (node:diagnostics_channel):
 * nothing is built or timed while no one subscribes. bench/recalc sums the phases, bench/recalc-big
 * draws the timeline, the tests count the write paths. Production code does not subscribe.
 */
export type RecalcPhase = "load" | "prepare" | "calculate" | "build" | "store";

/** `{ phase, ms }`: time a recalculation spent in a phase (summed per recalculation). */
export const RECALC_PHASE = "payroll:recalc:phase";
/** `{ label, slice? }`: a point of a whole payroll's recalculation worth seeing on a timeline. */
export const RECALC_EVENT = "payroll:recalc:event";
/** `{ path, threads }`: how a recalculation wrote its entries ("json", "staged" or "direct"), and whether in worker threads. */
export const RECALC_WRITTEN = "payroll:recalc:written";

export type RecalcPhaseMessage = { phase: RecalcPhase; ms: number };
export type RecalcEventMessage = { label: string; slice?: number };
export type RecalcWrittenMessage = { path: "json" | "staged" | "direct"; threads: boolean };

const phases = channel(RECALC_PHASE);
const events = channel(RECALC_EVENT);
const written = channel(RECALC_WRITTEN);

/** A timeline point, of one slice when `slice` is given (a constant label, so that nothing is built for nobody). */
export function recalcEvent(label: string, slice?: number) {
  if (events.hasSubscribers) events.publish({ label, slice } satisfies RecalcEventMessage);
}

export function recalcWritten(path: RecalcWrittenMessage["path"], threads: boolean) {
  if (written.hasSubscribers) written.publish({ path, threads } satisfies RecalcWrittenMessage);
}

type Clock = { lap(phase: RecalcPhase): void; done(): void };
const idle: Clock = { lap: () => {}, done: () => {} };

/** A stopwatch: lap(phase) adds the time since the previous lap to phase; done() publishes the sums. */
export function phaseClock(): Clock {
  if (!phases.hasSubscribers) return idle;
  const sums = new Map<RecalcPhase, number>();
  let last = performance.now();
  return {
    lap(phase) {
      const now = performance.now();
      sums.set(phase, (sums.get(phase) ?? 0) + now - last);
      last = now;
    },
    done() {
      for (const [phase, ms] of sums) phases.publish({ phase, ms } satisfies RecalcPhaseMessage);
    },
  };
}

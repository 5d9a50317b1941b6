/**
 * Where a recalculation spends its time, for bench/recalc: a recorder the bench installs. Unset
 * (the default) the clock does nothing.
 */
export type RecalcPhase = "load" | "prepare" | "calculate" | "build" | "store";

export const recalcPhases: {
  record?: (phase: RecalcPhase, ms: number) => void;
  event?: (label: string, slice?: number) => void;
} = {};

/**
 * A point of a whole payroll's recalculation worth seeing on a timeline (bench/recalc-big --timeline),
 * of one slice when `slice` is given; nothing unless the bench listens (a constant label, so that nothing is built for nobody).
 */
export function recalcEvent(label: string, slice?: number) {
  recalcPhases.event?.(label, slice);
}

type Clock = { lap(phase: RecalcPhase): void; done(): void };
const idle: Clock = { lap: () => {}, done: () => {} };

/** A stopwatch: lap(phase) adds the time since the previous lap to phase; done() reports the sums. */
export function phaseClock(): Clock {
  const record = recalcPhases.record;
  if (!record) return idle;
  const sums = new Map<RecalcPhase, number>();
  let last = performance.now();
  return {
    lap(phase) {
      const now = performance.now();
      sums.set(phase, (sums.get(phase) ?? 0) + now - last);
      last = now;
    },
    done() {
      for (const [phase, ms] of sums) record(phase, ms);
    },
  };
}

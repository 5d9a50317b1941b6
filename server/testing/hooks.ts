import type { FaultPoint } from "../fault-points";
import type { Operation } from "../http/operation";

export { FAULT_POINTS, type FaultPoint } from "../fault-points";

/**
 * The one seam between production modules and the tests. Production code calls a hook as
 * `testHooks.fault?.("payout.before-commit")`: an empty registry, so nothing happens and nothing is
 * loaded. The hooks themselves (a SIGKILL, the response recorder) live in server/testing/install.ts,
 * which no production module imports: the service loads it only when PAYROLL_TEST_HOOKS=true
 * (server/startup.ts), the vitest projects from their setup (tests/support/test-hooks.ts).
 */

export type TestHooks = {
  /** Reached at a fault point. */
  fault?: (point: FaultPoint) => void;
  /** Around every answer of a documented operation (server/api/route.ts); gives back the answer it was handed. */
  aroundAnswer?: (op: Operation, request: Request, answer: () => Promise<Response>) => Promise<Response>;
  /** Lower thresholds for a recalculation's write paths (server/results/recalculate/tuning.ts RECALC_TUNING), to reach them with few employees. */
  recalcTuning?: { copyFrom?: number; slice?: number; readsAhead?: number };
};

// On globalThis: Next evaluates a module once per bundle (instrumentation, each route), and all must see one registry.
const slot = globalThis as unknown as { __payrollTestHooks?: TestHooks };
export const testHooks: TestHooks = (slot.__payrollTestHooks ??= {});

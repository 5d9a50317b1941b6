// Its own module: server/env.ts validates TEST_CRASH_AT against it without loading the test seam.
/** The named places at which a test may stop the process (TEST_CRASH_AT), as a power cut would. */
export const FAULT_POINTS = ["payout.before-commit", "payout.after-commit"] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

import "server-only";
import { env } from "../env";

/** The steps of a payout at which the crash test stops the process. */
export type PayoutFaultStep = "before-commit" | "after-commit";

/**
 * Fault injection for the crash test (tests/e2e/payout-crash.test.ts): when PAYOUT_FAULT names
 * this step, the server process kills itself with SIGKILL there, as a power cut would. Never in
 * production, whatever the environment says.
 */
export function crashPoint(step: PayoutFaultStep) {
  if (process.env.PAYOUT_FAULT !== step || env().SERVICE_ENVIRONMENT === "production") return;
  process.kill(process.pid, "SIGKILL");
}

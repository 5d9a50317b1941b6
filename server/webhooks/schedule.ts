import { env } from "../env";

/**
 * The waits before each retry (contract section 9): at once, then 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 14 h, 20 h and 24 h: ten attempts over 75 hours and 35 minutes. Jitter only lengthens a
 * wait (by up to a fifth), so the schedule still spans more than 72 hours and the first retry
 * comes within 6 s; it spreads the retries of many messages that failed together.
 */
const CONTRACT_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000,
];

/** The waits before retry 1, 2, ... (WEBHOOK_RETRY_DELAYS_MS replaces them outside production). */
export function retryDelaysMs(): number[] {
  const configured = env().WEBHOOK_RETRY_DELAYS_MS;
  return configured ? configured.split(",").map(Number) : CONTRACT_DELAYS_MS;
}

/** The wait after a failed attempt at `step` of the schedule, or null when it was the last. */
export function nextRetryDelayMs(step: number, random = Math.random): number | null {
  const delays = retryDelaysMs();
  const base = delays[step];
  if (base === undefined) return null;
  return Math.round(base * (1 + 0.2 * random()));
}

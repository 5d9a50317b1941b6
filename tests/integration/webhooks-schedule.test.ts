import { afterAll, describe, expect, it, vi } from "vitest";
import { DELIVERY_TIMEOUT_MS, postWebhook } from "@/server/webhooks/send";
import { nextRetryDelayMs, retryDelaysMs } from "@/server/webhooks/schedule";
import { startReceiver } from "../fixtures/http-receiver";

// The contract's schedule (no WEBHOOK_RETRY_DELAYS_MS), and receivers on loopback (server/env.ts caches per file).
vi.hoisted(() => {
  delete process.env.WEBHOOK_RETRY_DELAYS_MS;
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
});

describe("webhook retries and timeout (contract section 9)", () => {
  it("retry within 10 s first, with exponential backoff and jitter, over at least 72 hours", () => {
    const delays = retryDelaysMs();
    expect(delays[0]).toBeLessThanOrEqual(10_000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    // The shortest the schedule can be (no jitter) and the longest first wait (full jitter).
    const shortest = delays.reduce((sum, d, i) => sum + nextRetryDelayMs(i, () => 0)!, 0);
    expect(shortest).toBeGreaterThanOrEqual(72 * 3600_000);
    expect(nextRetryDelayMs(0, () => 0.999_999)!).toBeLessThanOrEqual(10_000);
    // Jitter spreads retries: different random draws, different waits.
    expect(nextRetryDelayMs(3, () => 0)).not.toBe(nextRetryDelayMs(3, () => 0.5));
    expect(nextRetryDelayMs(delays.length, () => 0)).toBeNull();
  });

  describe("a receiver that does not answer", () => {
    const receiverReady = startReceiver({}, { delayMs: DELIVERY_TIMEOUT_MS + 5_000 });
    afterAll(async () => (await receiverReady).close());

    it(`is given up after ${DELIVERY_TIMEOUT_MS / 1000} s: no status, the timeout as the error`, async () => {
      const receiver = await receiverReady;
      const outcome = await postWebhook(receiver.url("/slow"), { "content-type": "application/json" }, "{}");
      expect(receiver.at("/slow")).toHaveLength(1);
      expect(outcome.status).toBeNull();
      expect(outcome.error).toBe(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`);
    }, 30_000);
  });
});

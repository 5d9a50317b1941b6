import { z } from "zod";
import { FAULT_POINTS } from "./fault-points";

/** A whole number from `min` on; unset or empty: undefined (the caller's default applies). */
const wholeNumber = (min: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).optional());

const Env = z.object({
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DATA_DIR: z.string().default(".data/pglite"),
  /** A dumped, migrated PGlite data dir to start from (tests). */
  PGLITE_TEMPLATE: z.string().optional(),
  SERVICE_ENVIRONMENT: z.enum(["development", "sandbox", "production"]).default("sandbox"),
  /** Where people and clients reach the service; by default this machine at the port Next listens on (PORT, else 3000). */
  PUBLIC_URL: z
    .string()
    .url()
    .default(() => `http://localhost:${/^\d+$/.test(process.env.PORT ?? "") ? process.env.PORT : "3000"}`),
  /** next-auth's own origin; unset, server/auth/next-auth.ts gives it PUBLIC_URL. */
  NEXTAUTH_URL: z.string().url().optional(),
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  DEV_IDP_PORT: z.coerce.number().int().positive().default(3001),
  DEV_IDP_HOST: z.string().default("127.0.0.1"),
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  /**
   * "true" when the service is reachable only through a proxy that appends the client's address to
   * X-Forwarded-For: the last entry is then the caller's address for the rate limits per address
   * (server/auth/rate-limit.ts). Otherwise the header is the client's own word and is not used.
   */
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /**
   * "true" lifts the webhook target rules (https only, public addresses only) for sandboxes and
   * tests, whose receivers run on loopback or a private network (contract section 9). Refused in
   * production.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(["true", "false"]).default("false"),
  /**
   * The waits before each webhook retry in milliseconds, comma separated (tests and benchmarks
   * use short ones). Unset: the contract's schedule over more than 72 hours (server/webhooks/schedule.ts).
   * Refused in production, so the real schedule cannot be shortened there.
   */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "Comma-separated whole milliseconds, e.g. 0,50,100.")
    .optional(),
  /**
   * How long a webhook message stays claimed by the process sending it, in milliseconds, and so how
   * soon another process sends a message whose sender died (default: the 10 s delivery timeout
   * plus 20 s). Fault tests shorten it. Refused in production.
   */
  WEBHOOK_CLAIM_MS: z.coerce.number().int().min(1000).optional(),
  /** Webhook sends in flight in one process at most; more wait as jobs (server/webhooks/deliver.ts). */
  WEBHOOK_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(200),
  /** How long the sandbox's simulated ELM distributor takes to answer, in milliseconds (contract section 10); tests shorten it. */
  ELM_RESULT_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  /** The real ELM distributor's endpoint and certificates (server/elm/transmission.ts); each named when missing. */
  ELM_DISTRIBUTOR_URL: z.string().optional(),
  ELM_CERTIFICATE_PATH: z.string().optional(),
  ELM_CERTIFICATE_PASSWORD: z.string().optional(),
  ELM_DISTRIBUTOR_CERTIFICATE_PATH: z.string().optional(),
  /**
   * Where the daily regulation update fetches the ESTV withholding-tax tariff files: a base URL under
   * which each file is `tarYYkt.txt` (tar27zh.txt), as the ESTV publishes them
   * (server/regulations/qst/fetch.ts). Unset: only the shipped tariffs are used.
   */
  QST_TARIFF_SOURCE_URL: z.string().url().optional(),
  /** Threads that draw PDFs (server/documents/pdf/pool.ts); 0 draws in the calling thread; unset: one per core. */
  PDF_WORKERS: wholeNumber(0),
  /** Documents one set of PDF threads draws before it is replaced. */
  PDF_RECYCLE_AFTER: wholeNumber(1).default(5000),
  /** Threads that calculate large recalculations (server/results/recalc-pool.ts); 0 calculates in the calling thread; unset: one per core. */
  RECALC_WORKERS: wholeNumber(0),
  /** The job worker (server/jobs/queue.ts): "false" keeps this process from running jobs (it still sends them). */
  JOBS_WORKER: z.enum(["true", "false"]).default("true"),
  /** How often an idle worker asks for due jobs; a job committed by the same process wakes it at once. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(500),
  /** How often pg-boss's maintenance runs (across processes): it retries the jobs whose claim expired. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Connections of the worker's own pg-boss pool on PostgreSQL. */
  JOBS_POOL_MAX: z.coerce.number().int().min(1).default(4),
  /**
   * "true" warms the recalculation threads at start (server/results/recalc-warmup.ts): a few seconds of
   * CPU in the background, after which the first large recalculation is as fast as later ones.
   * Unset: only when NODE_ENV is production (not under `npm run dev` nor the tests' servers).
   */
  RECALC_WARMUP: z.enum(["true", "false"]).optional(),
  /**
   * "true" installs the test hooks at service start (server/testing/install.ts, loaded only then):
   * the servers the e2e suites start set it. Refused in production. The three settings below do
   * nothing unless the hooks are installed, by this or by the vitest setup (tests/support/test-hooks.ts).
   */
  PAYROLL_TEST_HOOKS: z.enum(["true", "false"]).default("false"),
  /** Every answer of a documented operation is appended to this file (tests/contract checks them against the OpenAPI document). */
  API_RESPONSE_RECORD: z.string().optional(),
  /** Successful JSON answers with their requests are appended to this file (`npm run docs:examples` picks examples from it). */
  API_EXAMPLE_RECORD: z.string().optional(),
  /** A fault point (server/testing/hooks.ts) at which the process kills itself with SIGKILL, as a power cut would (the crash test). */
  TEST_CRASH_AT: z.enum(FAULT_POINTS).optional(),
});

export type Env = z.infer<typeof Env>;

/** The environment as zod reads it, with the production rules; `env()` keeps the first result. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  if (env.SERVICE_ENVIRONMENT === "production") {
    const missing = (
      ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "NEXTAUTH_SECRET", "DATABASE_URL"] as const
    ).filter((k) => !env[k]);
    if (missing.length) throw new Error(`Production needs ${missing.join(", ")} to be set.`);
    // Sandboxes and tests only: in production a webhook may reach neither the service's own network nor a shortened retry schedule.
    if (env.WEBHOOK_ALLOW_PRIVATE_TARGETS === "true")
      throw new Error("WEBHOOK_ALLOW_PRIVATE_TARGETS=true is refused in production.");
    if (env.WEBHOOK_RETRY_DELAYS_MS !== undefined) throw new Error("WEBHOOK_RETRY_DELAYS_MS is refused in production.");
    if (env.WEBHOOK_CLAIM_MS !== undefined) throw new Error("WEBHOOK_CLAIM_MS is refused in production.");
    if (env.PAYROLL_TEST_HOOKS === "true") throw new Error("PAYROLL_TEST_HOOKS=true is refused in production.");
  }
  return env;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Whether this process runs a production build (`next start`, the worker bundles); Next inlines NODE_ENV when it builds. */
export const runsProductionBuild = () => process.env.NODE_ENV === "production";
export const warmsRecalcThreads = () => (env().RECALC_WARMUP ?? (runsProductionBuild() ? "true" : "false")) === "true";
export const isDevelopmentLike = () => env().SERVICE_ENVIRONMENT !== "production";
export const usesDevIdentityProvider = () => !env().OIDC_ISSUER && isDevelopmentLike();
export const devIdpIssuer = () => `http://${env().DEV_IDP_HOST}:${env().DEV_IDP_PORT}`;

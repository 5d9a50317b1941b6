import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Tenant domains reach data through the tenant scope, never the database client. */
const NO_DATABASE_CLIENT = {
  group: ["../db/client", "**/db/client"],
  message: "Tenant data goes through inTenant()/TenantScope (server/db/tenant-scope.ts).",
};

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".data/**",
      ".workers/**",
      ".pdf-worker/**",
      "node_modules/**",
      "drizzle/**",
      "next-env.d.ts",
      "test-results/**",
    ],
  },
  {
    // The architecture, guarded where cheap: app/ never touches the database; service verbs reach
    // tenant data only through the scoping module (server/db/tenant-scope.ts).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/db/*", "**/server/db/*", "drizzle-orm", "drizzle-orm/*"],
              message: "app/ and components/ call service verbs; they never import the database.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every tenant domain; work across tenants there says so (acrossTenants in server/db/tenant-scope.ts).
    files: [
      "server/{accounting,cases,documents,elm,employees,events,lookups,memberships,payouts,payrolls,periods,results,tasks,webhooks,workflows}/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_DATABASE_CLIENT,
            {
              group: ["../db/tenant-scope", "**/db/tenant-scope"],
              importNames: ["acrossTenants"],
              message:
                "Work across tenants is named: add the file to the acrossTenants exception in eslint.config.mjs, with its reason.",
            },
          ],
        },
      ],
    },
  },
  {
    // The one batch write across tenants: the webhook worker records many tenants' deliveries in one statement.
    files: ["server/webhooks/deliver.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_DATABASE_CLIENT],
        },
      ],
    },
  },
  {
    // Every setting is parsed once, by zod, in server/env.ts and read through env().
    files: ["server/**/*.ts"],
    ignores: ["server/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through env() (server/env.ts), where they are parsed.",
        },
      ],
    },
  },
  {
    // The test hooks (SIGKILL, the response recorder) are loaded only by server/startup.ts when
    // PAYROLL_TEST_HOOKS=true (a dynamic import) and by the tests: production code calls the seam, server/testing/hooks.ts.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "server/**/*.ts", "proxy.ts", "instrumentation.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/testing\\/install/]",
          message:
            "Production code calls testHooks (server/testing/hooks.ts); only startup loads the hooks, dynamically.",
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;

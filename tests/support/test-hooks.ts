/**
 * vitest setup of the projects that call the route handlers in this process (unit, api): installs
 * the test hooks (server/testing/install.ts), so that the answers are recorded when npm test sets
 * API_RESPONSE_RECORD (or API_EXAMPLE_RECORD: `npm run docs:examples`). The servers the e2e suites
 * start install them themselves, with PAYROLL_TEST_HOOKS=true.
 */
import { installTestHooks } from "@/server/testing/install";

installTestHooks();

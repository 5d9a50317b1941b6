import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/** Benchmarks that need the PDF renderer run under vitest, which loads ESM-only packages on Node 20. */
export default defineConfig({
  root,
  resolve: { alias: { "@": root, "server-only": path.join(root, "node_modules/server-only/empty.js") } },
  // The figures go straight to the terminal, not framed as captured test output.
  test: {
    include: ["bench/close.ts"],
    environment: "node",
    testTimeout: 30 * 60_000,
    reporters: ["verbose"],
    disableConsoleIntercept: true,
  },
});

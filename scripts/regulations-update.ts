/**
 * npm run regulations:update: imports new and changed regulation versions from the catalog into the
 * database. The running service applies each version from its validFrom date on, without a restart.
 * With the embedded database and the service running, the import goes through the service.
 */
import { askRunningService } from "../server/db/admin-socket";
import { closeDb } from "../server/db/client";
import { env } from "../server/env";
import { importCatalog } from "../server/regulations/store";

async function main() {
  let result = env().DATABASE_URL ? null : ((await askRunningService({ command: "update-regulations" })) as { added: number; updated: number } | null);
  if (!result) {
    result = await importCatalog();
    await closeDb();
  }
  console.log(`Regulations: ${result.added} version(s) added, ${result.updated} updated.`);
}

main().catch((error: Error) => {
  console.error(`regulations:update: ${error.message}`);
  process.exit(1);
});

/**
 * npm run regulations:update: imports new and changed regulation versions from the catalog into the
 * database, as the service's daily job does (server/regulations/update.ts): the run is recorded and
 * each payroll whose results change gets a recalculation job, which the service's worker runs. The
 * running service applies each version from its validFrom date on, without a restart.
 * With the embedded database and the service running, the import goes through the service.
 */
import { askRunningService } from "../server/admin/socket";
import { closeDb } from "../server/db/client";
import { env } from "../server/env";
import { updateRegulations } from "../server/regulations/update";

async function main() {
  type Result = { added: number; updated: number; payrollsRecalculated: number };
  let result = env().DATABASE_URL
    ? null
    : ((await askRunningService({ command: "update-regulations" })) as Result | null);
  if (!result) {
    result = await updateRegulations("command");
    await closeDb();
  }
  console.log(
    `Regulations: ${result.added} version(s) added, ${result.updated} updated; ${result.payrollsRecalculated} payroll(s) to recalculate.`,
  );
}

main().catch((error: Error) => {
  console.error(`regulations:update: ${error.message}`);
  process.exit(1);
});

/**
 * npm run system-user -- create --name NAME [--json]
 *
 * Creates a system user and prints its credentials once. With the embedded database and the
 * service running, the request goes through the service (which owns the database); otherwise the
 * database is opened directly.
 */
import { parseArgs } from "node:util";
import { askRunningService } from "../server/admin/socket";
import { closeDb } from "../server/db/client";
import { createSystemUser } from "../server/auth/system-users";
import { env } from "../server/env";

type Created = { id: string; name: string; clientId: string; clientSecret: string };

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: "string" }, json: { type: "boolean", default: false } },
  });
  if (positionals[0] !== "create" || !values.name) {
    console.error("Usage: npm run system-user -- create --name NAME [--json]");
    process.exit(2);
  }
  let created: Created | null = null;
  if (!env().DATABASE_URL) {
    created = (await askRunningService({ command: "create-system-user", name: values.name })) as Created | null;
  }
  if (!created) {
    created = await createSystemUser(values.name);
    await closeDb();
  }
  if (values.json) {
    console.log(JSON.stringify({ clientId: created.clientId, clientSecret: created.clientSecret }));
  } else {
    console.log(`System user "${created.name}" created. The secret is shown only now:`);
    console.log(`  clientId:     ${created.clientId}`);
    console.log(`  clientSecret: ${created.clientSecret}`);
    console.log(
      `Get a token: curl -X POST ${env().PUBLIC_URL}/api/oauth/token -d grant_type=client_credentials -d client_id=${created.clientId} -d client_secret=...`,
    );
  }
}

main().catch((error: Error) => {
  console.error(`system-user: ${error.message}`);
  process.exit(1);
});

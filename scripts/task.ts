/**
 * npm run task -- open --tenant ORG_ID --payroll PAYROLL_ID --title TEXT [--kind webhookFailing|selfServiceChange] [--employee ID] [--json]
 *
 * Sandbox and development only: opens a task (and its TaskChanged event) by hand, to try the Tasks
 * screen and TaskChanged deliveries. With the embedded database and the service running, the request
 * goes through the service (which owns the database); otherwise the database is opened directly.
 */
import { parseArgs } from "node:util";
import { askRunningService } from "../server/admin/socket";
import { closeDb } from "../server/db/client";
import { env } from "../server/env";
import { openSandboxTask } from "../server/tasks/sandbox-task";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      tenant: { type: "string" },
      payroll: { type: "string" },
      title: { type: "string" },
      kind: { type: "string" },
      employee: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  if (positionals[0] !== "open" || !values.tenant || !values.payroll || !values.title) {
    console.error(
      "Usage: npm run task -- open --tenant ORG_ID --payroll PAYROLL_ID --title TEXT [--kind webhookFailing|selfServiceChange] [--employee ID] [--json]",
    );
    process.exit(2);
  }
  const task = {
    tenantId: values.tenant,
    payrollId: values.payroll,
    title: values.title,
    kind: values.kind as "webhookFailing" | "selfServiceChange" | undefined,
    employeeId: values.employee,
  };
  let opened = env().DATABASE_URL
    ? null
    : ((await askRunningService({ command: "open-task", task })) as { id: string } | null);
  if (!opened) {
    opened = await openSandboxTask(task);
    await closeDb();
  }
  console.log(values.json ? JSON.stringify(opened) : `Task ${opened.id} opened.`);
}

main().catch((error: Error) => {
  console.error(`task: ${error.message}`);
  process.exit(1);
});

import "server-only";
// The composition root of background work: every job kind's handler registers itself on import,
// so the process that runs jobs loads them all here and no domain needs another's handler.
import "./elm/submission";
import "./webhooks/jobs";
import "./tasks/webhook-failing";
import "./regulations/update";
import "./workflows/recalculate-for-regulations";
import "./documents/payslip-archive";
import "./maintenance/prune-bases";

export { runDueJobs, startJobWorker, stopJobWorker } from "./jobs/queue";

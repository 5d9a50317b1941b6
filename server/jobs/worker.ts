import "server-only";
// Every job kind's handler registers itself on import.
import "../periods/elm-submission";
import "../webhooks/jobs";
import "../regulations/update";
import "../documents/payslip-archive";
import "../maintenance/prune-bases";

export { runDueJobs, startJobWorker, stopJobWorker } from "./queue";

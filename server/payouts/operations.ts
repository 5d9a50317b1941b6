import { page, PageQuery } from "../http/pagination";
import { operation } from "../http/operation";
import { CreatedPayout, CreatePayout, Payout } from "./schemas";

const PERIOD = "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}";

export const createPayoutOp = operation({
  method: "POST",
  path: `${PERIOD}/payouts`,
  tag: "Payouts",
  summary: "Pay open amounts of the open period",
  description:
    "Pay open amounts of the open period (payrunPeriodId `open` or its id): everyone, some or one " +
    "employee, the whole open amount or an advance. Returns the payout and its pain.001 file (with " +
    "`Accept: application/xml`, the file itself). 409 period.not_open, payout.nothing_open, " +
    "payout.blocked; 422 payout.exceeds_open_amount and invalid amounts, employees or dates. An employee " +
    "with a second account (case EmployeeSecondBankAccount: a fixed amount per period or a percentage of " +
    "each payout) gets two lines, one per IBAN; `count` is the number of lines (the file's NbOfTxs).",
  allow: "payout.write",
  body: CreatePayout,
  response: CreatedPayout,
  status: 201,
  // 404 payout/document: the retry of a committed payout (Idempotency-Key) whose payout is gone since.
  problems: {
    404: ["document.not_found", "payout.not_found", "payroll.not_found", "payrun_period.not_found"],
    409: ["payout.blocked", "payout.nothing_open", "period.not_open"],
    422: ["payout.exceeds_open_amount"],
  },
  produces: ["application/xml"],
});

export const listPayoutsOp = operation({
  method: "GET",
  path: `${PERIOD}/payouts`,
  tag: "Payouts",
  summary: "The period's payouts, oldest first",
  allow: "payout.read",
  query: PageQuery,
  response: page(Payout),
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});

export const getPayoutOp = operation({
  method: "GET",
  path: `${PERIOD}/payouts/{payoutId}`,
  tag: "Payouts",
  summary: "One payout",
  allow: "payout.read",
  response: Payout,
  problems: { 404: ["payout.not_found", "payroll.not_found", "payrun_period.not_found"] },
});

export const cancelPayoutOp = operation({
  method: "POST",
  path: `${PERIOD}/payouts/{payoutId}`,
  tag: "Payouts",
  summary: "Cancel a payout",
  description:
    "Cancel a payout the bank has not processed: its amounts are open again; PayoutCancellationRequested " +
    "fires. 409 payout.processed or payout.cancelled. A payout of a closed period (made before the close, " +
    "executed after it) can be cancelled too: that period's results and documents stay as closed, and its " +
    "amounts are carried into the open period's entries (open amount and payslip, as carried forward).",
  allow: "payout.write",
  response: Payout,
  problems: {
    404: ["payout.not_found", "payroll.not_found", "payrun_period.not_found"],
    409: ["payout.cancelled", "payout.processed"],
  },
});

export const markPayoutProcessedOp = operation({
  method: "POST",
  path: `${PERIOD}/payouts/{payoutId}/processed`,
  tag: "Payouts",
  summary: "Confirm that the bank processed a payout",
  description: "Confirm that the bank processed the payout (idempotent). 409 payout.cancelled.",
  allow: "payout.write",
  response: Payout,
  problems: { 404: ["payout.not_found", "payroll.not_found", "payrun_period.not_found"], 409: ["payout.cancelled"] },
});

export const getPayoutDocumentOp = operation({
  method: "GET",
  path: `${PERIOD}/payouts/{payoutId}/document`,
  tag: "Payouts",
  summary: "Download a payout's pain.001 file",
  description: "The payout's pain.001 file, the same bytes on every download.",
  allow: "payout.read",
  problems: { 404: ["document.not_found", "payout.not_found", "payroll.not_found", "payrun_period.not_found"] },
  produces: ["application/xml"],
});

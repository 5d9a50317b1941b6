// Creating a payout (contract section 8): the verb and what the Payouts screen asks before it.
export { createPayout } from "./create-payout";
export { paymentFileBlockers } from "./payment-file-blockers";
export { nextBankBusinessDay } from "./calendar";
export type { BlockingItem } from "./parties";

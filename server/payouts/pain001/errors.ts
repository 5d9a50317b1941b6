/**
 * Why the builder refused its input. The payout verb maps it to a problem (422 for input the caller
 * can correct, 409 for an employee whose stored data blocks the payment). Codes are stable.
 */
export type Pain001ErrorCode =
  | "pain001.no_payments"
  | "pain001.invalid_reference"
  | "pain001.duplicate_reference"
  | "pain001.invalid_date"
  | "pain001.invalid_amount"
  | "pain001.invalid_currency"
  | "pain001.invalid_iban"
  | "pain001.qr_iban"
  | "pain001.invalid_bic"
  | "pain001.missing_bank"
  | "pain001.missing_name"
  | "pain001.missing_town"
  | "pain001.invalid_country"
  | "pain001.total_too_large";

export class Pain001InputError extends Error {
  constructor(
    readonly code: Pain001ErrorCode,
    /** Where in the input: "payments[3].creditorIban", "debtor.address.town", "messageId". */
    readonly path: string,
    message: string,
    /** The refused payment, when the error is about one: its index in `payments` and its EndToEndId. */
    readonly payment?: { index: number; endToEndId: string },
  ) {
    super(message);
    this.name = "Pain001InputError";
  }
}

/**
 * Input and output of the pain.001.001.09.ch.03 builder: plain data, no database rows, no clock.
 * Every text is given as stored (any Unicode); the builder transliterates and cuts it.
 */

/** A structured postal address: at least town and country (ISO 3166 alpha-2, e.g. "CH"). Never address lines. */
export type Pain001Address = {
  street?: string | null;
  buildingNumber?: string | null;
  postCode?: string | null;
  town: string;
  country: string;
};

export type Pain001Party = {
  name: string;
  address: Pain001Address;
};

/** The company paying: its account (IBAN, not a QR-IBAN) and, optionally, its bank's BIC. */
export type Pain001Debtor = Pain001Party & {
  iban: string;
  /** When absent, a Swiss or Liechtenstein debtor IBAN names its bank by the institution id (IID). */
  bic?: string | null;
};

/**
 * An amount is either integer Rappen (a JavaScript number that is a safe integer: 650000 is
 * CHF 6500.00) or a CHF decimal string with at most two decimals ("6500.00"). Never a float.
 */
export type Pain001Amount = number | string;

export type Pain001Payment = {
  /** ISO date "YYYY-MM-DD"; payments are grouped into one B-level block per execution date. */
  executionDate: string;
  /** Optional: A-Z a-z 0-9 and inner spaces, at most 35 characters, unique in the file. */
  instructionId?: string | null;
  /** Required: A-Z a-z 0-9 and inner spaces, at most 35 characters, unique in the file. */
  endToEndId: string;
  amount: Pain001Amount;
  currency: "CHF";
  creditor: Pain001Party;
  /** The employee's account: a valid IBAN, never a QR-IBAN. */
  creditorIban: string;
  /** Unstructured remittance text (e.g. "Lohn November 2026"), cut to 140 characters. */
  remittance?: string | null;
};

export type Pain001Input = {
  /** A-Z a-z 0-9 and inner spaces, at most 35 characters; unique for the debtor (the caller's duty). */
  messageId: string;
  /** The creation time written as GrpHdr/CreDtTm (UTC, whole seconds). */
  createdAt: Date | string;
  initiatingParty: {
    name: string;
    /** Written as InitgPty/CtctDtls/Othr with ChanlTp NAME, VRSN, PRVD. */
    software?: { name: string; version?: string | null; provider?: string | null } | null;
  };
  debtor: Pain001Debtor;
  payments: readonly Pain001Payment[];
};

/** One B-level block (PmtInf) of the file. */
export type Pain001Batch = {
  paymentInformationId: string;
  executionDate: string;
  numberOfTransactions: number;
  /** Sum of the block's amounts in Rappen, and as written in CtrlSum ("123456.70"). */
  totalRappen: number;
  controlSum: string;
};

export type Pain001File = {
  contentType: "application/xml";
  /** The document as text, and its UTF-8 bytes (what is stored and downloaded). */
  xml: string;
  bytes: Uint8Array;
  messageId: string;
  numberOfTransactions: number;
  totalRappen: number;
  controlSum: string;
  /** In file order: by execution date, ascending. */
  batches: Pain001Batch[];
};

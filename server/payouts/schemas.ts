import { z } from "zod";
import { IsoDate } from "../dates";

const Money = z.string().describe("CHF, two decimals");

export const CreatePayout = z
  .object({
    employeeIds: z
      .array(z.uuid())
      .min(1)
      .max(10_000)
      .optional()
      .describe("The employees to pay; without it, everyone with a positive open amount who is not blocked."),
    amounts: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe(
        'An amount per employee id ("1000.00"), up to the open amount (an advance); without one, the whole open amount is paid.',
      ),
    executionDate: IsoDate.optional().describe(
      "When the bank pays (YYYY-MM-DD, not in the past); default: the next bank business day (Monday to Friday) in Europe/Zurich.",
    ),
  })
  .strict();
export type CreatePayout = z.infer<typeof CreatePayout>;

export const PayoutLine = z.object({
  id: z.uuid(),
  employeeId: z.uuid(),
  amount: Money,
  iban: z.string().nullable(),
  endToEndId: z.string().nullable(),
});

export const Payout = z
  .object({
    id: z.uuid(),
    payrunPeriodId: z.uuid(),
    status: z.enum(["created", "processed", "cancelled"]),
    executionDate: z.string(),
    total: Money,
    count: z.number().int(),
    external: z.boolean(),
    documentId: z.uuid().nullable(),
    lines: z.array(PayoutLine),
    createdAt: z.string(),
    createdBy: z.object({ kind: z.enum(["system", "person"]), id: z.string(), name: z.string() }),
    cancelledAt: z.string().nullable(),
    processedAt: z.string().nullable(),
  })
  .meta({ id: "Payout" });
export type PayoutOutput = z.infer<typeof Payout>;

export const CreatedPayout = z.object({
  payout: Payout,
  paymentFile: z.object({
    documentId: z.uuid(),
    contentType: z.literal("application/xml"),
    content: z.string().describe("The pain.001.001.09.ch.03 file (UTF-8 text)."),
  }),
});

import "server-only";
import { and, eq } from "drizzle-orm";
import type { TenantCtx } from "../context";
import { documents, payouts } from "../db/schema";
import { inTenant } from "../db/tenant-scope";
import { NotFound } from "../errors";
import { findVisiblePayroll } from "../payrolls/get-payroll";
import { linesOf, toPayout } from "./payout-state";

/**
 * A payout made by an earlier run of the same request (Idempotency-Key) whose process died after the
 * commit and before it answered (server/http/idempotency.ts, commitUnderKey): the answer
 * createPayout gave, read back: the payout as it is now, and its stored pain.001 file.
 */
export async function readCommittedPayout({
  ctx,
  payrollId,
  payoutId,
}: {
  ctx: TenantCtx;
  payrollId: string;
  payoutId: string;
}) {
  return inTenant(ctx, async (scope) => {
    await findVisiblePayroll(scope, ctx, payrollId);
    const row = await scope.first(payouts, and(eq(payouts.payrollId, payrollId), eq(payouts.id, payoutId)));
    if (!row) throw new NotFound("payout");
    const doc = row.documentId
      ? await scope.first(documents, and(eq(documents.payrollId, payrollId), eq(documents.id, row.documentId)))
      : null;
    if (!doc?.content) throw new NotFound("document");
    const bytes = new Uint8Array(doc.content);
    const payout = toPayout(row, (await linesOf(scope, [row.id])).get(row.id) ?? []);
    return {
      payout,
      paymentFile: {
        documentId: doc.id,
        contentType: "application/xml" as const,
        content: new TextDecoder().decode(bytes),
      },
      bytes,
    };
  });
}

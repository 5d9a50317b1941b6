import "server-only";
import { documents, payrolls, payrunPeriods } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";
import type { Regulations } from "../regulations/store";
import { buildDocuments } from "./build";
import { previewPlan } from "./period-documents";

const CHUNK = 200;

/**
 * Makes the period's documents final, in the closing transaction: the same documents as the
 * previews (same ids), built from the frozen results and kept as they are now, so account
 * numbers, names and addresses stay as they stood at close.
 */
export async function finalizeDocuments(
  scope: TenantScope,
  regulations: Regulations,
  payroll: typeof payrolls.$inferSelect,
  period: typeof payrunPeriods.$inferSelect,
) {
  const { planned } = await previewPlan(scope, period);
  const built = await buildDocuments(scope, regulations, payroll, period, planned, true);
  const rows = planned.map((doc, position) => {
    const { model, content } = built.get(doc.id)!;
    return {
      id: doc.id,
      payrollId: payroll.id,
      payrunPeriodId: period.id,
      employeeId: doc.employeeId,
      category: doc.category,
      name: doc.name,
      contentType: doc.contentType,
      final: true,
      model,
      content,
      position,
    };
  });
  for (let i = 0; i < rows.length; i += CHUNK) await scope.insertMany(documents, rows.slice(i, i + CHUNK));
  return rows.length;
}

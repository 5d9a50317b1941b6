import { z } from "zod";
import { operation } from "../http/operation";
import { documentCategories } from "../db/schema/documents";

const Document = z
  .object({
    id: z.uuid(),
    category: z.enum(documentCategories),
    employeeId: z.uuid().nullable(),
    name: z.string(),
    contentType: z.string(),
    final: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Document" });

const ListDocumentsQuery = z.object({
  employeeId: z.uuid().optional().describe("Only this employee's documents."),
  category: z.enum(documentCategories).optional(),
});

export const listDocumentsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents",
  tag: "Documents",
  summary:
    "The period's documents: payslips, the accounting document (PDF and CSV), salary certificates (December and exits), and once live the ELM declaration and receipts. Previews (final: false) while the period is open; final after close.",
  allow: "document.read",
  query: ListDocumentsQuery,
  response: z.object({ items: z.array(Document), nextCursor: z.null() }),
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});

export const getDocumentOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents/{documentId}",
  tag: "Documents",
  summary: "The document itself with its content type; ?format=json returns its metadata.",
  allow: "document.read",
  query: z.object({ format: z.enum(["json"]).optional().describe("json: the metadata instead of the file.") }),
  response: Document,
  produces: ["application/pdf", "text/csv", "application/xml"],
  problems: { 404: ["document.not_found", "payroll.not_found", "payrun_period.not_found"] },
});

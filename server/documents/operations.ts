import { z } from "zod";
import { operation } from "../http/operation";
import { page, PageQuery } from "../http/pagination";
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

const ListDocumentsQuery = PageQuery.extend({
  employeeId: z.uuid().optional().describe("Only this employee's documents."),
  category: z.enum(documentCategories).optional(),
});

export const listDocumentsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents",
  tag: "Documents",
  summary: "List the period's documents",
  description:
    "The period's documents: payslips, the accounting document (PDF and CSV), salary certificates " +
    "(December and exits), and once live the ELM declaration and receipts. Previews (final: false) while " +
    "the period is open; final after close. Listed in one stable order (the plan's: payslips by employee " +
    "identifier, the accounting document, salary certificates; files kept beside them, such as payment " +
    "files, ELM documents and payslip archives, by their position and time), paged by limit and cursor; a " +
    "cursor whose document has left the list since is refused (422): start again from the first page.",
  allow: "document.read",
  query: ListDocumentsQuery,
  response: page(Document),
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});

export const getDocumentOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/documents/{documentId}",
  tag: "Documents",
  summary: "Download a document",
  description: "The document itself with its content type; ?format=json returns its metadata.",
  allow: "document.read",
  query: z.object({ format: z.enum(["json"]).optional().describe("json: the metadata instead of the file.") }),
  response: Document,
  produces: ["application/pdf", "text/csv", "application/xml"],
  // An open period's document is drawn on request, and can be refused as a close would be.
  problems: {
    404: ["document.not_found", "payroll.not_found", "payrun_period.not_found"],
    409: ["accounting.template_unavailable", "accounting.unmapped_wage_types", "document.inconsistent"],
  },
});

const PayslipArchive = z
  .object({
    id: z.uuid(),
    status: z
      .enum(["queued", "running", "done", "failed"])
      .describe(
        "queued: waiting for the job; running: drawing the payslips; done: documentId is the ZIP; failed: nothing was kept.",
      ),
    done: z.int().min(0).describe("Payslips drawn so far."),
    total: z.int().min(0).describe("Payslips in the archive (0 until the job starts)."),
    documentId: z
      .uuid()
      .nullable()
      .describe("The PayslipArchive document (application/zip) once done: GET .../documents/{documentId}."),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "PayslipArchive" });

export const requestPayslipArchiveOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payslip-archives",
  tag: "Documents",
  summary: "Build a ZIP of the period's payslips",
  description:
    "Every payslip of the period in one ZIP (`payslip-YYYY-MM-<identifier>.pdf` each), for HR " +
    "(Administrator, the payroll's Manager): built in the background; answers 202 with Location of the " +
    "archive's status to poll (GET .../payslip-archives/{archiveId}), which names the PayslipArchive " +
    "document once done. An open period's archive holds the previews as they stand when it is built, a " +
    "closed period's the final payslips. An Idempotency-Key makes a repeated request start no second " +
    "archive.",
  allow: "payroll.read",
  status: 202,
  response: PayslipArchive,
  problems: { 404: ["payroll.not_found", "payrun_period.not_found"] },
});

export const getPayslipArchiveOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/payrunperiods/{payrunPeriodId}/payslip-archives/{archiveId}",
  tag: "Documents",
  summary: "Get a payslip archive's progress",
  description:
    "A payslip archive's progress: queued, running (done of total payslips drawn), done (documentId: the ZIP, downloaded through the document endpoint) or failed.",
  allow: "payroll.read",
  response: PayslipArchive,
  problems: { 404: ["payslip_archive.not_found", "payroll.not_found", "payrun_period.not_found"] },
});

/**
 * Languages of generated company documents (payslips, accounting document): the values of
 * payrolls.document_language. Kept beside the schema (not in its index, which holds tables only);
 * the payroll domain reads them from server/payrolls/document-language.ts.
 */
export const documentLanguages = ["de", "fr", "it", "en"] as const;

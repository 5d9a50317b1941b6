import { documentLanguages } from "../db/schema/document-languages";

/** Languages of generated company documents (payslips, accounting document); the column's values. */
export { documentLanguages };
export type DocumentLanguage = (typeof documentLanguages)[number];
export const isDocumentLanguage = (value: unknown): value is DocumentLanguage =>
  (documentLanguages as readonly unknown[]).includes(value);

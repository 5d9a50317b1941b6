/** Languages of generated company documents (payslips, accounting document). */
export const documentLanguages = ["de", "fr", "it", "en"] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];
export const isDocumentLanguage = (value: unknown): value is DocumentLanguage => (documentLanguages as readonly unknown[]).includes(value);

import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "@/server/docs/openapi";

/** The generated part of the typed client (client/schema.d.ts): openapi-typescript's types of the current document. */
export async function clientSchemaSource(): Promise<string> {
  const document = JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3;
  // The order of the operations follows module namespaces, which tsx (CommonJS) and vitest (ESM) list differently.
  document.paths = sortedKeys(document.paths ?? {});
  document.webhooks = sortedKeys(document.webhooks ?? {});
  // A field with a default is optional in a request; the document's `required` lists say what an answer always has.
  const ast = await openapiTS(document, { silent: true, defaultNonNullable: false });
  return COMMENT_HEADER + astToString(ast);
}

function sortedKeys<T>(object: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

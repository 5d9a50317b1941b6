import path from "node:path";
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { format, resolveConfig } from "prettier";
import { openApiDocument } from "@/server/docs/openapi";

const TARGET = path.resolve(import.meta.dirname, "../client/schema.d.ts");

/**
 * The generated part of the typed client (client/schema.d.ts): openapi-typescript's types of the current document,
 * formatted as prettier formats the tree, so that the committed file passes both `prettier --check` and
 * tests/unit/client-schema.test.ts.
 */
export async function clientSchemaSource(): Promise<string> {
  const document = JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3;
  // The order of the operations follows module namespaces, which tsx (CommonJS) and vitest (ESM) list differently.
  document.paths = sortedKeys(document.paths ?? {});
  document.webhooks = sortedKeys(document.webhooks ?? {});
  // A field with a default is optional in a request; the document's `required` lists say what an answer always has.
  const ast = await openapiTS(document, { silent: true, defaultNonNullable: false });
  const options = await resolveConfig(TARGET);
  return format(COMMENT_HEADER + astToString(ast), { ...options, filepath: TARGET });
}

function sortedKeys<T>(object: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

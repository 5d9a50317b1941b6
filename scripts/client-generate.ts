/**
 * npm run client:generate: writes client/schema.d.ts from the OpenAPI document the service serves
 * (server/docs/openapi.ts), offline. tests/unit/client-schema.test.ts fails while the committed file differs.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { clientSchemaSource } from "./client-schema";

const target = path.resolve(import.meta.dirname, "../client/schema.d.ts");
void clientSchemaSource().then((source) => {
  writeFileSync(target, source);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
});

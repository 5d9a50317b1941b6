#!/usr/bin/env node
/**
 * postinstall: a fix to postgres.js 3.4.9 (the driver of the service on PostgreSQL) until upstream
 * releases one (porsager/postgres#1154, #1208; fixes proposed in #1168, #1209). When a connection
 * is cut (PostgreSQL restarted, pg_terminate_backend, a proxy closing it), a write the driver had
 * deferred with setImmediate runs against the closed socket: an uncaught TypeError that ends the
 * process, and the connection object, reused by the pool after reconnecting, keeps a stale write
 * timer so its small writes never go out again (its queries hang). The fix: such a write rejects
 * the connection's queries instead, and closing clears the deferred write.
 * Idempotent; replaces the files instead of writing into them (node_modules may be hard-linked
 * from another checkout). Says so and changes nothing when the driver's code is not as expected.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const MARK = "/* swiss-payroll: closed socket guard */";
const root = path.resolve(import.meta.dirname, "..", "node_modules", "postgres");
const files = ["src/connection.js", "cjs/src/connection.js"].map((f) => path.join(root, f)).filter(existsSync);

for (const file of files) {
  const text = readFileSync(file, "utf8");
  if (text.includes(MARK)) continue;
  const guard = `function nextWrite(fn) {
    ${MARK}
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }`;
  const cleared = "clearImmediate(nextWriteTimer)\n    nextWriteTimer = null\n    chunk = null";
  const parts = text.split("function nextWrite(fn) {");
  const closes = text.split("    clearImmediate(nextWriteTimer)\n").length - 1;
  if (parts.length !== 2 || closes !== 2) {
    console.warn(`patch-postgres: ${path.relative(process.cwd(), file)} is not the code this fix is for; left as it is.`);
    continue;
  }
  const patched = parts.join(guard).replaceAll("    clearImmediate(nextWriteTimer)\n", `    ${cleared}\n`);
  const temporary = `${file}.patching`;
  writeFileSync(temporary, patched);
  renameSync(temporary, file);
  console.log(`patch-postgres: patched ${path.relative(process.cwd(), file)}`);
}

/**
 * The entry of each PDF worker thread (bundled to .workers/ by scripts/build-workers.mjs,
 * run by piscina from pool.ts). Loaded once per thread: the renderers and the fonts (registered
 * here, read from their files by the first draw and kept), so that every later task only lays out
 * and writes its own document. The bytes go back transferred (no copy).
 */
import { move } from "piscina";
import type { StoredModel } from "../build";
import { drawModel } from "./draw";
import { registerPdfFonts } from "./fonts";

registerPdfFonts();
await Promise.all([
  import("../payslip/render"),
  import("../salary-certificate/render"),
  import("./accounting-journal"),
]);

export default async function draw(model: StoredModel) {
  const bytes = await drawModel(model);
  // A copy of its own, so that the transfer does not detach Buffer's shared pool.
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return move(out);
}

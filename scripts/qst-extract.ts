/**
 * Builds the shipped withholding-tax data from ESTV tariff files:
 *
 *   npx tsx scripts/qst-extract.ts <out.json> <tarYYkt.txt[.gz]> [more files ...] [--codes A0N,B0N,...]
 *
 * e.g. npx tsx scripts/qst-extract.ts server/regulations/qst/data/qst-tariffs.json ../shared/domain/qst/tar26zh.txt.gz
 *
 * Every file is parsed in full (and must be complete: its footer count must match), then written in
 * the compact form of server/regulations/qst/tariffs.ts. Without --codes every tariff of the files is
 * kept (record types 06, 11, 12 and 13). The files are read as Latin-1, as ESTV writes them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { verifyTariffFile } from "../server/regulations/qst/tariff-import";
import type { CompactTariffFile } from "../server/regulations/qst/tariffs";

function main(argv: string[]) {
  const codesAt = argv.indexOf("--codes");
  const codes = codesAt >= 0 ? new Set((argv[codesAt + 1] ?? "").split(",").filter(Boolean)) : null;
  const positional = codesAt >= 0 ? argv.filter((_, i) => i !== codesAt && i !== codesAt + 1) : argv;
  const [out, ...inputs] = positional;
  if (!out || inputs.length === 0) {
    console.error("usage: npx tsx scripts/qst-extract.ts <out.json> <tarYYkt.txt[.gz]> ... [--codes A0N,B0N]");
    process.exit(2);
  }
  const files: CompactTariffFile[] = inputs.map((input) => {
    const raw = readFileSync(input);
    const bytes = input.endsWith(".gz") ? gunzipSync(raw) : raw;
    const { source, tariffs } = verifyTariffFile(bytes, path.basename(input).replace(/\.gz$/, ""));
    return { source, tariffs: tariffs.filter((tariff) => !codes || codes.has(tariff.code)) };
  });
  // One tariff per line keeps the file small and its diffs readable.
  const body = files
    .map(
      (file) =>
        `{"source":${JSON.stringify(file.source)},\n"tariffs":[\n${file.tariffs.map((t) => JSON.stringify(t)).join(",\n")}\n]}`,
    )
    .join(",\n");
  writeFileSync(out, `[\n${body}\n]\n`);
  const count = files.reduce((sum, file) => sum + file.tariffs.length, 0);
  console.log(`${out}: ${count} tariffs from ${files.length} file(s).`);
}

main(process.argv.slice(2));

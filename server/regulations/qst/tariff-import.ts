import { createHash } from "node:crypto";
import { TariffFileError, isComplete, parseTariffFile } from "./tariff-file";
import { type CompactTariffFile, compactTariff, groupRecords } from "./tariffs";

/** One canton's tariff file for one year, verified and in the compact form the service stores. */
export type VerifiedTariffFile = CompactTariffFile & { readonly year: number };

/** The name ESTV gives a canton's file for a year: tar26zh.txt. */
export const tariffFileName = (canton: string, year: number) =>
  `tar${String(year % 100).padStart(2, "0")}${canton.toLowerCase()}.txt`;

/**
 * Reads an ESTV tariff file's bytes (Latin-1, as ESTV writes them) and verifies it before anything of it
 * is used: every line parses, the footer counts the lines read, every tariff is of one year and has no
 * gaps, and, when the file's name is given, its canton and year are the name's. Throws TariffFileError
 * (with the line) otherwise. sha256 is of the bytes as given.
 */
export function verifyTariffFile(bytes: Uint8Array, fileName: string, options: { checkName?: boolean } = {}) {
  const text = Buffer.from(bytes).toString("latin1");
  const file = parseTariffFile(text);
  if (!isComplete(file))
    throw new TariffFileError(
      file.records.length + 2,
      `the footer counts ${file.recordCount} records, the file has ${file.records.length + 2}: incomplete or damaged.`,
    );
  const years = new Set(file.records.map((record) => Number(record.validFrom.slice(0, 4))));
  if (years.size !== 1)
    throw new TariffFileError(
      1,
      `a tariff file holds one year; this one has ${[...years].sort().join(", ") || "none"}.`,
    );
  const year = [...years][0]!;
  if (options.checkName !== false && fileName !== tariffFileName(file.canton, year))
    throw new TariffFileError(
      1,
      `the file holds canton ${file.canton}, ${year}: its name would be ${tariffFileName(file.canton, year)}.`,
    );
  let tariffs;
  try {
    tariffs = groupRecords(file.records).map((group) => compactTariff(group));
  } catch (error) {
    throw new TariffFileError(1, error instanceof Error ? error.message : String(error));
  }
  const verified: VerifiedTariffFile = {
    year,
    source: {
      file: fileName,
      canton: file.canton,
      creationDate: file.creationDate,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      records: file.recordCount,
    },
    tariffs,
  };
  return verified;
}

import "server-only";
import { CANTON_CODES } from "../catalog/identifiers";
import { TariffFileError } from "./tariff-file";
import { type VerifiedTariffFile, tariffFileName, verifyTariffFile } from "./tariff-import";

/** A tariff file is a few MB (TI: about 10 MB); anything far larger is not one. */
const MAX_FILE_BYTES = 40 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 60_000;
const AT_ONCE = 4;

export type FetchedTariffs = {
  source: string;
  /** Files that passed verification, with the URL each came from. */
  verified: { verified: VerifiedTariffFile; source: string }[];
  refused: { file: string; reason: string }[];
  notPublished: number;
};

/**
 * Fetches each canton's file for each year (`<source>/tarYYkt.txt`, the ESTV's names) and verifies it
 * (tariff-import.ts). A 404 is a file not published yet; any other failure (an error answer, a timeout,
 * a file that does not verify) refuses that file alone, with the reason, and nothing of it is used.
 * Network only: whether a verified file is new is for the import to say (by its sha256).
 */
export async function fetchTariffFiles(
  source: string,
  years: readonly number[],
  cantons: readonly string[] = CANTON_CODES,
): Promise<FetchedTariffs> {
  const base = source.replace(/\/+$/, "");
  const wanted = years.flatMap((year) => cantons.map((canton) => tariffFileName(canton, year)));
  const outcome: FetchedTariffs = { source: base, verified: [], refused: [], notPublished: 0 };
  const fetchOne = async (file: string) => {
    const url = `${base}/${file}`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
      if (response.status === 404) {
        outcome.notPublished++;
        await response.body?.cancel();
        return;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`the source answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get("content-length") ?? 0);
      if (declared > MAX_FILE_BYTES) throw new Error(`the file is ${declared} bytes, more than a tariff file`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_FILE_BYTES)
        throw new Error(`the file is ${bytes.byteLength} bytes, more than a tariff file`);
      outcome.verified.push({ verified: verifyTariffFile(bytes, file), source: url });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      const reason =
        error instanceof TariffFileError
          ? `does not verify, ${error.message}`
          : `could not be fetched: ${error instanceof Error ? error.message : String(error)}${cause}`;
      outcome.refused.push({ file, reason });
    }
  };
  for (let at = 0; at < wanted.length; at += AT_ONCE) await Promise.all(wanted.slice(at, at + AT_ONCE).map(fetchOne));
  outcome.refused.sort((a, b) => a.file.localeCompare(b.file));
  return outcome;
}

/** The years the daily update looks for: this one and the next (ESTV publishes a year's files in the autumn before it). */
export function tariffYears(today = new Date()): number[] {
  const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Zurich", year: "numeric" }).format(today));
  return [year, year + 1];
}

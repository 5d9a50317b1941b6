import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes opening the same data folder corrupt it.
 * Whoever opens the embedded database first holds this lock file; everyone else must go
 * through that process (see server/admin/socket.ts).
 */
export function lockFileOf(dataDir: string) {
  return path.resolve(dataDir) + ".lock";
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFileOf(dataDir), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireEmbeddedLock(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        if (lockHolder(dataDir) === process.pid) rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dataDir);
      if (holder === process.pid) return () => {};
      if (holder !== null) {
        throw new Error(`The embedded database ${dataDir} is in use by process ${holder}.`);
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the embedded database ${dataDir}.`);
}

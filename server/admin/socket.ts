import "server-only";
import { existsSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { createSystemUser } from "../auth/system-users";
import { env } from "../env";
import { openSandboxTask } from "../tasks/sandbox-task";

/**
 * The embedded database belongs to the process that opened it (PGlite has no lock of its own).
 * While the service runs, the command line reaches it through this socket next to the data
 * folder: one JSON request per line, one JSON answer per line. Only the file system protects it,
 * exactly as it protects the data folder itself.
 */
export const adminSocketPath = (dataDir = env().PGLITE_DATA_DIR) => path.resolve(dataDir) + ".sock";

type AdminRequest =
  | { command: "create-system-user"; name: string }
  | { command: "update-regulations" }
  | { command: "open-task"; task: Parameters<typeof openSandboxTask>[0] };

async function run(request: AdminRequest) {
  switch (request.command) {
    case "create-system-user":
      return createSystemUser(request.name);
    case "open-task":
      return openSandboxTask(request.task);
    case "update-regulations": {
      const { updateRegulations } = await import("../regulations/update");
      const { added, updated, payrollsRecalculated } = await updateRegulations("command");
      return { added, updated, payrollsRecalculated };
    }
    default:
      throw new Error(`Unknown command ${(request as { command: string }).command}`);
  }
}

const slot = globalThis as unknown as { __payrollAdminSocket?: net.Server };

export async function serveAdminSocket() {
  if (slot.__payrollAdminSocket) return;
  const socketPath = adminSocketPath();
  if (existsSync(socketPath)) rmSync(socketPath); // left by a process that is gone: we hold the database lock
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.on("data", async (chunk) => {
      buffer += chunk.toString("utf8");
      const end = buffer.indexOf("\n");
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = "";
      try {
        const result = await run(JSON.parse(line) as AdminRequest);
        socket.end(JSON.stringify({ ok: true, result }) + "\n");
      } catch (error) {
        socket.end(JSON.stringify({ ok: false, error: (error as Error).message }) + "\n");
      }
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(socketPath, resolve));
  server.unref();
  process.once("exit", () => rmSync(socketPath, { force: true }));
  slot.__payrollAdminSocket = server;
}

/** Sends one request to the running service; null when no service listens. */
export function askRunningService(request: AdminRequest, socketPath = adminSocketPath()): Promise<unknown | null> {
  return new Promise((resolve, reject) => {
    if (!existsSync(socketPath)) return resolve(null);
    const socket = net.createConnection(socketPath);
    let answer = "";
    socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"));
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () => {
      try {
        const parsed = JSON.parse(answer) as { ok: boolean; result?: unknown; error?: string };
        if (parsed.ok) resolve(parsed.result);
        else reject(new Error(parsed.error));
      } catch (error) {
        reject(error);
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
  });
}

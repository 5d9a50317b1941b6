export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First: Next's HTTP server is listening already, and a TRACE must not reach Next (server/api/unsupported-methods.ts).
    const { installUnsupportedMethodGuard } = await import("./server/api/unsupported-methods");
    installUnsupportedMethodGuard();
    const { startService } = await import("./server/startup");
    await startService();
  }
}

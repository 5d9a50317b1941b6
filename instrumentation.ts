export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First: Next's HTTP server is listening already, and a TRACE must not reach Next (server/http/unsupported-methods.ts).
    const { installUnsupportedMethodGuard } = await import("./server/http/unsupported-methods");
    installUnsupportedMethodGuard();
    const { startService } = await import("./server/startup");
    await startService();
  }
}

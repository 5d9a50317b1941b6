export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startService } = await import("./server/startup");
    await startService();
  }
}

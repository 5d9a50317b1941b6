/** Whether the client asks for the pain.001 file itself rather than the JSON answer. */
export function wantsXml(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  return /\bapplication\/xml\b/i.test(accept) && !/\bapplication\/(problem\+)?json\b/i.test(accept);
}

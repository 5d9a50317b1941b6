import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** Issue 9, item 11 (contract 9d): a session that signs out is over on the server; its cookie no longer authenticates. */
describe("signing out", () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("ends the session: the signed-out cookie answers 401 on the API and sends the console to sign-in", async () => {
    const page = await context.newPage();
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\/employees/);
    const employeesUrl = page.url();

    const session = (await context.cookies(baseUrl)).find((c) => c.name === "next-auth.session-token");
    expect(session).toBeDefined();
    const cookie = `next-auth.session-token=${session!.value}`;
    const before = await fetch(`${baseUrl}/api/users`, { headers: { cookie } });
    expect(before.status).toBe(200);
    expect((await before.json()).email).toBe("admin@demo.example");

    // next-auth's sign-out endpoint, as the console's "Sign out" button calls it.
    const { csrfToken } = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const signedOut = await context.request.post("/api/auth/signout", {
      form: { csrfToken, callbackUrl: `${baseUrl}/signin`, json: "true" },
    });
    expect(signedOut.ok()).toBe(true);

    // The same cookie, kept by someone who copied it before: no longer a session.
    const after = await fetch(`${baseUrl}/api/users`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.headers.get("content-type")).toBe("application/problem+json");

    const replay = await browser.newContext({ baseURL: baseUrl });
    await replay.addCookies([{ ...session!, expires: -1 }]);
    const replayPage = await replay.newPage();
    await replayPage.goto(employeesUrl);
    await replayPage.waitForURL(/\/signin/);
    await replay.close();

    // Signing in again gives a new session that works.
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(page, idpUrl, { demo: "Anna Admin" });
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}\/employees/);
    const fresh = (await context.cookies(baseUrl)).find((c) => c.name === "next-auth.session-token");
    expect(
      (await fetch(`${baseUrl}/api/users`, { headers: { cookie: `next-auth.session-token=${fresh!.value}` } })).status,
    ).toBe(200);
  });
});

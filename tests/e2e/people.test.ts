import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { escapeRegExp, launchChromium, signInAtIdp } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const idpUrl = inject("e2eIdpUrl");

/** A message of the catalog (messages/<locale>/<namespace>.json), by its dotted key. */
function catalog(locale: string, namespace: string, key: string): string {
  const messages: unknown = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../../messages", locale, `${namespace}.json`), "utf8"),
  );
  const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
  if (typeof found !== "string") throw new Error(`${locale} ${namespace}.${key}: no message`);
  return found;
}

/**
 * People: the administrator invites, the invitee accepts in a browser of their own (signing in at
 * the identity provider through the invitation link), the administrator changes the role and
 * removes the access, and the removed person's next request is refused.
 */
describe("people and invitations", () => {
  let browser: Browser;
  let admin: Page;
  let invitee: Page;
  const run = randomBytes(4).toString("hex");
  const newbie = `newbie-${run}@example.test`;
  const other = `withdrawn-${run}@example.test`;
  let orgId = "";
  let invitationUrl = "";

  const memberRow = (email: string) =>
    admin.getByRole("table", { name: "Members" }).getByRole("row", { name: new RegExp(escapeRegExp(email)) });
  const invitationRow = (email: string) =>
    admin
      .getByRole("table", { name: "Pending invitations" })
      .getByRole("row", { name: new RegExp(escapeRegExp(email)) });

  beforeAll(async () => {
    browser = await launchChromium();
    const adminContext = await browser.newContext({ baseURL: baseUrl });
    adminContext.setDefaultTimeout(20_000);
    admin = await adminContext.newPage();
    // The invitee's own browser: no cookie of the administrator's.
    const inviteeContext = await browser.newContext({ baseURL: baseUrl });
    inviteeContext.setDefaultTimeout(20_000);
    invitee = await inviteeContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("the administrator invites a new address as Manager of the demo payroll", async () => {
    await admin.goto("/signin");
    await admin.getByRole("button", { name: "Sign in" }).click();
    await signInAtIdp(admin, idpUrl, { demo: "Anna Admin" });
    await admin.waitForURL(/\/tenants\/[0-9a-f-]{36}\/employees/);
    orgId = /\/tenants\/([0-9a-f-]{36})\//.exec(admin.url())![1]!;

    await admin.getByRole("link", { name: "People" }).click();
    await admin.waitForURL(/\/people$/);
    await memberRow("admin@demo.example").waitFor();
    expect(await memberRow("admin@demo.example").textContent()).toContain("Administrator");

    const form = admin.getByRole("form", { name: "Invite a person" });
    await form.getByLabel("Email address").fill(newbie);
    await form.getByLabel("Role").selectOption("Manager");
    await form.getByRole("checkbox", { name: "Muster AG" }).check();
    await form.getByRole("button", { name: "Create invitation" }).click();

    await admin.getByText(`Invitation for ${newbie} created`).waitFor();
    await invitationRow(newbie).waitFor();
    expect(await invitationRow(newbie).textContent()).toContain("Manager");
    invitationUrl = await admin
      .getByRole("textbox", { name: `Invitation link for ${newbie}`, exact: true })
      .inputValue();
    expect(invitationUrl).toMatch(new RegExp(`^${escapeRegExp(baseUrl)}/invitation/[0-9a-f-]{36}$`));
  });

  it("the invitee follows the link, signs in at the identity provider, accepts and is Manager", async () => {
    await invitee.goto(invitationUrl);
    // No session: the link goes straight to the identity provider, and back to the invitation.
    await signInAtIdp(invitee, idpUrl, { email: newbie });
    await invitee.waitForURL(invitationUrl);
    expect(await invitee.getByTestId("invitation-tenant").textContent()).toBe("Muster AG (Demo)");
    expect(await invitee.getByTestId("invitation-role").textContent()).toBe("Manager");
    expect(await invitee.getByTestId("invitation-email").textContent()).toBe(newbie);

    await invitee.getByRole("button", { name: "Accept invitation" }).click();
    await invitee.waitForURL(new RegExp(`/tenants/${orgId}/employees$`));
    const aside = invitee.locator("aside");
    expect(await aside.textContent()).toContain("Muster AG (Demo)");
    expect(await aside.textContent()).toContain("Manager");
    // The demo payroll's employees; company data read-only; no settings, no People section.
    await invitee.getByRole("row", { name: /Müller, Lea/ }).waitFor();
    expect(await invitee.getByRole("link", { name: "New employee" }).isVisible()).toBe(true);
    expect(await invitee.getByRole("link", { name: "Company data" }).isVisible()).toBe(true);
    expect(await invitee.getByRole("link", { name: "Company settings" }).count()).toBe(0);
    expect(await invitee.getByRole("link", { name: "People" }).count()).toBe(0);
    expect((await invitee.goto(`/tenants/${orgId}/people`))?.status()).toBe(404);
    expect((await invitee.goto(`/tenants/${orgId}/settings`))?.status()).toBe(404);

    // The link is used up.
    await invitee.goto(invitationUrl);
    await invitee.getByRole("heading", { name: "Invitation already accepted" }).waitFor();
  });

  it("the administrator sees the new member and changes the role to Self Service", async () => {
    await admin.reload();
    await memberRow(newbie).waitFor();
    expect(await memberRow(newbie).textContent()).toMatch(/Manager.*Muster AG/);
    expect(await invitationRow(newbie).count()).toBe(0);

    await memberRow(newbie).getByRole("button", { name: "Change role" }).click();
    const form = admin.getByRole("form", { name: /^Change role of / });
    await form.getByLabel("Role").selectOption("SelfService");
    await form.getByLabel("Employee").selectOption({ label: "Schmid, Mia (1003)" });
    await form.getByRole("button", { name: "Save role" }).click();
    await admin
      .getByRole("table", { name: "Members" })
      .getByRole("row", { name: new RegExp(`${escapeRegExp(newbie)}.*Self Service.*Schmid, Mia`) })
      .waitFor();

    // Self Service lands in their portal, for their own record; every console page is a 404 to them.
    await invitee.goto("/");
    await invitee.waitForURL(new RegExp(`/self-service/${orgId}$`));
    await invitee.getByRole("heading", { name: "My documents" }).waitFor();
    expect(await invitee.getByRole("navigation", { name: "Sections", exact: true }).count()).toBe(0);
    const listed = await invitee.request.get(`/api/tenants/${orgId}/employees`);
    expect(((await listed.json()) as { items: { identifier: string }[] }).items.map((e) => e.identifier)).toEqual([
      "1003",
    ]);
    for (const page of ["", "/employees", "/settings"])
      expect((await invitee.goto(`/tenants/${orgId}${page}`))?.status(), page).toBe(404);
  });

  it("the administrator removes the access, and the removed person's next request is refused", async () => {
    await memberRow(newbie).getByRole("button", { name: "Remove access" }).click();
    const dialog = admin.getByRole("dialog", { name: "Remove access?" });
    await dialog.getByRole("button", { name: "Remove access" }).click();
    await memberRow(newbie).waitFor({ state: "detached" });
    expect(await memberRow("admin@demo.example").count()).toBe(1);

    const reloaded = await invitee.reload();
    expect(reloaded?.status()).toBe(404);
    const status = await invitee.evaluate(
      async (path) => (await fetch(path)).status,
      `/api/tenants/${orgId}/employees`,
    );
    expect(status).toBe(404);
    await invitee.goto("/");
    await invitee.getByRole("heading", { name: "No tenant yet" }).waitFor();
  });

  it("a person signed in with another address is offered to switch, and a withdrawn invitation says so", async () => {
    const form = admin.getByRole("form", { name: "Invite a person" });
    await form.getByLabel("Email address").fill(other);
    await form.getByLabel("Role").selectOption("SelfService");
    await form.getByLabel("Employee").selectOption({ label: "Keller, Luca (1004)" });
    await form.getByRole("button", { name: "Create invitation" }).click();
    await invitationRow(other).waitFor();
    expect(await invitationRow(other).textContent()).toMatch(/Self Service.*Keller, Luca/);
    const url = await admin.getByRole("textbox", { name: `Invitation link for ${other}`, exact: true }).inputValue();

    // Still signed in as the removed newbie: the invitation is not theirs to see.
    await invitee.goto(url);
    await invitee.getByRole("heading", { name: "Invitation not found" }).waitFor();
    await invitee.getByRole("button", { name: "Sign out and sign in with another address" }).click();
    await signInAtIdp(invitee, idpUrl, { email: other });
    await invitee.waitForURL(url);
    expect(await invitee.getByTestId("invitation-email").textContent()).toBe(other);
    expect(await invitee.getByTestId("invitation-role").textContent()).toBe("Self Service");

    await invitationRow(other).getByRole("button", { name: "Withdraw" }).click();
    await admin
      .getByRole("dialog", { name: "Withdraw the invitation?" })
      .getByRole("button", { name: "Withdraw invitation" })
      .click();
    await invitationRow(other).waitFor({ state: "detached" });

    await invitee.reload();
    await invitee.getByRole("heading", { name: "Invitation withdrawn" }).waitFor();
    await admin.goto(url);
    await admin.getByRole("heading", { name: "Invitation withdrawn" }).waitFor();
  });

  it("a person changes their own language in their settings, and the console speaks it at once", async () => {
    await admin.goto(`/tenants/${orgId}/employees`);
    await admin.getByRole("link", { name: "Your settings" }).click();
    await admin.waitForURL(/\/account$/);
    expect(await admin.getByTestId("account-email").textContent()).toBe("admin@demo.example");
    const htmlLang = () => admin.evaluate(() => document.documentElement.lang);
    // The demo people speak English (en-CH); whatever it is, the form shows it as chosen.
    const before = await htmlLang();
    expect(await admin.getByLabel(catalog(before, "account", "language")).inputValue()).toBe(before);
    const wanted = before === "fr-CH" ? "it-CH" : "fr-CH";

    /** Chooses a language in the form (labelled in the language now shown) and saves it, without reloading the page. */
    const switchTo = async (from: string, to: string) => {
      await admin.getByLabel(catalog(from, "account", "language")).selectOption(to);
      await admin.getByRole("button", { name: catalog(from, "ui", "save"), exact: true }).click();
      // At once, no reload and no sign-out: the page, the header and <html lang> speak the new language.
      await admin.getByText(catalog(to, "account", "saved")).waitFor();
      await expect.poll(htmlLang).toBe(to);
      await admin.getByRole("heading", { name: catalog(to, "account", "title") }).waitFor();
      await admin.getByRole("link", { name: catalog(to, "common", "header.yourSettings") }).waitFor();
      await admin.getByRole("button", { name: catalog(to, "common", "header.signOut") }).waitFor();
    };

    await switchTo(before, wanted);
    const me = (await (await admin.request.get("/api/users")).json()) as { culture: string };
    expect(me.culture).toBe(wanted);
    // The tenant's menu and pages follow too.
    await admin.goto(`/tenants/${orgId}/people`);
    await admin.getByRole("link", { name: catalog(wanted, "common", "nav.people") }).waitFor();
    await admin.getByRole("heading", { name: catalog(wanted, "people", "title"), level: 1 }).waitFor();
    expect(await htmlLang()).toBe(wanted);
    await admin.getByRole("link", { name: catalog(wanted, "common", "header.yourSettings") }).click();
    await admin.waitForURL(/\/account$/);
    await expect.poll(() => admin.getByLabel(catalog(wanted, "account", "language")).inputValue()).toBe(wanted);

    // Leave the demo administrator as found.
    await switchTo(wanted, before);
  });
});

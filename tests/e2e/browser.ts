import { chromium, type Page } from "playwright-core";
import { expect } from "vitest";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const launchChromium = () => chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** At the development identity provider's sign-in page: a demo person by name, or any address typed in. */
export async function signInAtIdp(page: Page, idpUrl: string, who: { demo: string } | { email: string }) {
  await page.waitForURL(new RegExp(`^${escapeRegExp(idpUrl)}/interaction/`));
  if ("demo" in who) {
    await page.getByRole("button", { name: new RegExp(escapeRegExp(who.demo)) }).click();
  } else {
    await page.getByLabel("Email address").fill(who.email);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }
}

/** On "Your settings" (/account): chooses the console's language, saves it when it is not already in force, and waits until the page speaks it. */
export async function chooseConsoleLanguage(page: Page, locale: string) {
  const htmlLang = () => page.evaluate(() => document.documentElement.lang);
  await page.locator('select[name="culture"]').selectOption(locale);
  if ((await htmlLang()) !== locale)
    await page.locator('form:has(select[name="culture"]) button[type="submit"]').click();
  await expect.poll(htmlLang, { timeout: 20_000 }).toBe(locale);
}

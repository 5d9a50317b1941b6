import "server-only";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { Account, Configuration, Interaction } from "oidc-provider";
import { createTranslator } from "use-intl/core";
import { negotiateLocale, type Locale } from "@/i18n/locales";
import { messagesOf } from "@/i18n/messages";
import { DEMO_PEOPLE, demoPersonOf } from "./dev-people";
import { devIdpIssuer, env } from "../env";
import { DEV_CLIENT_ID, devSubjectOf } from "./dev-token";
import { keysFor } from "./keys";

/**
 * The embedded development identity provider: a real OIDC provider (authorization code + PKCE) that
 * knows every email address, so that the console can be used and tested without an external issuer.
 * It signs with the same "dev-idp" key as POST /api/dev/token, and its account id (the subject) is
 * the lower-cased email there too, so both paths identify the same person.
 */

/** Development only: the console's client secret at the development identity provider. */
export const DEV_CLIENT_SECRET = "payroll-console-development-secret";

export const callbackPath = "/api/auth/callback/oidc";

const slot = globalThis as unknown as { __payrollDevIdp?: Promise<void> };

/** Starts the provider once per process; another process already serving the port is fine. */
export async function startDevIdentityProvider(): Promise<void> {
  slot.__payrollDevIdp ??= serve().catch((error: unknown) => {
    slot.__payrollDevIdp = undefined;
    throw error;
  });
  return slot.__payrollDevIdp;
}

/** The console's origins: PUBLIC_URL and NEXTAUTH_URL, each also with localhost and 127.0.0.1 swapped. */
function consoleOrigins(): string[] {
  const origins = new Set<string>();
  for (const candidate of [env().PUBLIC_URL, env().NEXTAUTH_URL]) {
    if (!candidate) continue;
    const url = new URL(candidate);
    origins.add(url.origin);
    if (url.hostname === "localhost") origins.add(url.origin.replace("//localhost", "//127.0.0.1"));
    if (url.hostname === "127.0.0.1") origins.add(url.origin.replace("//127.0.0.1", "//localhost"));
  }
  return [...origins];
}

const nameOf = (accountId: string) => demoPersonOf(accountId)?.name ?? accountId.split("@")[0] ?? accountId;

async function configuration(): Promise<Configuration> {
  const origins = consoleOrigins();
  const keys = await keysFor("dev-idp");
  return {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: DEV_CLIENT_SECRET,
        client_name: "Payroll console",
        redirect_uris: origins.map((o) => `${o}${callbackPath}`),
        post_logout_redirect_uris: origins.map((o) => `${o}/signin`),
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: keys.map((k) => k.privateJwk) },
    findAccount: async (_ctx: unknown, id: string): Promise<Account> => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: nameOf(id) }),
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // name and email in the ID token itself: next-auth reads the profile from it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
  };
}

async function serve() {
  const { default: OidcProvider } = await import("oidc-provider");
  const provider = new OidcProvider(devIdpIssuer(), await configuration());
  provider.on("server_error", (_ctx, error) => console.error("Development identity provider:", error));
  const oidc = provider.callback();

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://idp").pathname;
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(path);
    if (!match) return oidc(req, res);
    const words = wordsFor(negotiateLocale(req.headers["accept-language"]));
    interaction(provider, req, res, match[2] ?? "", words).catch((error: unknown) => {
      console.error("Development identity provider interaction:", error);
      if (!res.headersSent)
        send(
          res,
          400,
          page(
            words,
            words.t("failed"),
            `<p>${escapeHtml(String((error as Error).message ?? error))}</p><p>${escapeHtml(words.t("startAgain"))}</p>`,
          ),
        );
    });
  });

  const { DEV_IDP_HOST: host, DEV_IDP_PORT: port } = env();
  const listening = await listen(server, port, host);
  if (listening)
    console.log(
      `Development identity provider at ${devIdpIssuer()} (demo people: ${DEMO_PEOPLE.map((p) => p.email).join(", ")})`,
    );
}

function listen(server: Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        console.warn(
          `Development identity provider: ${host}:${port} is in use; assuming another instance of this service serves it.`,
        );
        resolve(false);
      } else reject(error);
    });
    server.listen(port, host, () => {
      server.unref(); // never keep a process alive on its own
      resolve(true);
    });
  });
}

/** The sign-in page speaks the browser's language (Accept-Language), like the console before sign-in. */
type Words = { locale: Locale; t: (key: string) => string; role: (role: string) => string };
function wordsFor(locale: Locale): Words {
  const messages = messagesOf(locale) as Record<string, Record<string, string>>;
  const t = createTranslator({ locale, messages, namespace: "devIdp" });
  const common = createTranslator({ locale, messages, namespace: "common" });
  return { locale, t: (key) => t(key as never), role: (role) => common(`roles.${role}` as never) };
}

async function interaction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  action: string,
  words: Words,
) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === "POST" && action === "/login") {
    const email = new URLSearchParams(await readBody(req)).get("email") ?? "";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      return send(res, 422, loginPage(details, words, words.t("invalidEmail")));
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: devSubjectOf(email) } },
      { mergeWithLastSubmission: false },
    );
  }
  if (req.method === "POST" && action === "/abort") {
    return provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The person cancelled the sign-in." },
      { mergeWithLastSubmission: false },
    );
  }
  if (req.method !== "GET" || action)
    return send(res, 405, page(words, words.t("notAllowed"), `<p>${escapeHtml(words.t("useSignInPage"))}</p>`));
  if (details.prompt.name === "login") return send(res, 200, loginPage(details, words));
  if (details.prompt.name === "consent") return consent(provider, details, req, res);
  return send(res, 400, page(words, words.t("unexpectedStep"), `<p>${escapeHtml(details.prompt.name)}</p>`));
}

/** The console is a first-party client: consent is given on the person's behalf. */
async function consent(provider: Provider, details: Interaction, req: IncomingMessage, res: ServerResponse) {
  const accountId = details.session?.accountId;
  const clientId = details.params.client_id;
  if (!accountId || !clientId) throw new Error("The sign-in session is missing; start again.");
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(resource, scopes.join(" "));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error("The form is too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export { wordsFor as devIdpWords };

export function loginPage(details: Pick<Interaction, "uid">, words: Words, error?: string) {
  const action = `/interaction/${encodeURIComponent(details.uid)}`;
  const people = DEMO_PEOPLE.map(
    (p) => `<li><button type="submit" name="email" value="${escapeHtml(p.email)}" class="person">
      <span class="name">${escapeHtml(p.name)}</span>
      <span class="meta">${escapeHtml(p.email)} · ${escapeHtml(words.role(p.role))}</span></button></li>`,
  ).join("");
  const { t } = words;
  return page(
    words,
    t("signIn"),
    `<p class="lead">${escapeHtml(t("lead"))}</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="${action}/login"><ul class="people">${people}</ul></form>
    <form method="post" action="${action}/login" class="free">
      <label for="email">${escapeHtml(t("emailLabel"))}</label>
      <div class="row"><input id="email" name="email" type="email" required autocomplete="email" placeholder="${escapeHtml(t("emailPlaceholder"))}">
      <button type="submit">${escapeHtml(t("signIn"))}</button></div>
    </form>
    <form method="post" action="${action}/abort"><button type="submit" class="link">${escapeHtml(t("cancel"))}</button></form>`,
  );
}

function page(words: Words, title: string, body: string) {
  return `<!doctype html><html lang="${words.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(words.t("providerName"))}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:flex;justify-content:center;padding:3rem 1rem}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:28rem;width:100%;box-shadow:0 1px 3px #0001}
h1{font-size:1.25rem;margin:0 0 .5rem}.lead{color:#475569;font-size:.9rem}.error{color:#b91c1c}
ul.people{list-style:none;padding:0;margin:1rem 0;display:grid;gap:.5rem}
button{font:inherit;cursor:pointer;border-radius:8px;border:1px solid #cbd5e1;background:#fff;padding:.5rem .9rem}
button:hover{background:#f8fafc}.person{width:100%;text-align:left;display:flex;flex-direction:column}
.name{font-weight:600}.meta{font-size:.8rem;color:#64748b}
.free{border-top:1px solid #e2e8f0;padding-top:1rem;margin-top:1rem}label{display:block;font-size:.85rem;font-weight:600;margin-bottom:.25rem}
.row{display:flex;gap:.5rem}input{flex:1;font:inherit;padding:.45rem .6rem;border:1px solid #cbd5e1;border-radius:8px}
.free button{background:#0f172a;color:#fff;border-color:#0f172a}.link{border:none;background:none;color:#64748b;padding:.75rem 0 0;text-decoration:underline}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

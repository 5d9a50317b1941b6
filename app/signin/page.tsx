import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Alert } from "@/components/ui/alert";
import { consoleCaller } from "@/server/auth/console-session";
import { identityProvider } from "@/server/auth/next-auth";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("title") };
}

/** The errors of the identity provider's round trip that have a message of their own (auth.signIn.errors). */
const ERRORS = ["OAuthSignin", "OAuthCallback", "Callback", "AccessDenied", "SessionRequired"];

/** Only relative paths: the callback never leaves the console. */
const safeCallback = (value: string | undefined) =>
  value && value.startsWith("/") && !value.startsWith("//") ? value : "/";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const error = typeof params.error === "string" ? params.error : undefined;
  const callbackUrl = safeCallback(typeof params.callbackUrl === "string" ? params.callbackUrl : undefined);
  if (!error && (await consoleCaller())) redirect(callbackUrl);
  const provider = identityProvider();
  const t = await getTranslations("auth");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div>
          <p className="text-sm font-medium text-slate-500">{t("brand")}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">{t("signIn.heading")}</h1>
        </div>
        {error ? <Alert tone="error">{t(`signIn.errors.${ERRORS.includes(error) ? error : "other"}`)}</Alert> : null}
        <SignInButton callbackUrl={callbackUrl} />
        <div className="space-y-1 text-xs text-slate-500">
          <p>
            {t("signIn.identityProvider")} <span className="font-medium text-slate-700">{provider.label}</span>
            <br />
            <span className="break-all">{provider.issuer}</span>
          </p>
          {provider.development ? <p>{t("signIn.development")}</p> : null}
        </div>
      </div>
    </main>
  );
}

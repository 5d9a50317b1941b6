import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Alert } from "@/components/ui/alert";
import { consoleCaller } from "@/server/auth/console-session";
import { identityProvider } from "@/server/auth/next-auth";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const ERRORS: Record<string, string> = {
  OAuthSignin: "The sign-in could not be started. Is the identity provider reachable?",
  OAuthCallback: "The identity provider's answer could not be used. Please try again.",
  Callback: "The sign-in could not be completed. Please try again.",
  AccessDenied: "The sign-in was cancelled or refused.",
  SessionRequired: "Please sign in to continue.",
};

/** Only relative paths: the callback never leaves the console. */
const safeCallback = (value: string | undefined) => (value && value.startsWith("/") && !value.startsWith("//") ? value : "/");

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const error = typeof params.error === "string" ? params.error : undefined;
  const callbackUrl = safeCallback(typeof params.callbackUrl === "string" ? params.callbackUrl : undefined);
  if (!error && (await consoleCaller())) redirect(callbackUrl);
  const provider = identityProvider();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div>
          <p className="text-sm font-medium text-slate-500">Swiss payroll</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">Sign in to the payroll console</h1>
        </div>
        {error ? <Alert tone="error">{ERRORS[error] ?? "The sign-in failed. Please try again."}</Alert> : null}
        <SignInButton callbackUrl={callbackUrl} />
        <div className="space-y-1 text-xs text-slate-500">
          <p>
            Identity provider: <span className="font-medium text-slate-700">{provider.label}</span>
            <br />
            <span className="break-all">{provider.issuer}</span>
          </p>
          {provider.development ? <p>Development and sandbox only: choose one of the demo people, or use any email address.</p> : null}
        </div>
      </div>
    </main>
  );
}

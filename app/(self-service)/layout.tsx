import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Providers } from "@/components/providers";
import { consoleCaller } from "@/server/auth/console-session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portal");
  return { title: { default: t("title"), template: `%s · ${t("title")}` } };
}

/**
 * The employee portal's frame (issue 13): nothing of the console, mobile first. One narrow column,
 * targets at least 44 px high, the person's language (the header links to its choice).
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin?callbackUrl=/self-service");
  const t = await getTranslations("portal");
  return (
    <Providers>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex w-full max-w-2xl items-center justify-between gap-2 px-4 py-2">
            <Link href="/self-service" className="flex min-h-11 min-w-0 flex-col justify-center">
              <span className="text-base font-semibold tracking-tight text-slate-900">{t("title")}</span>
              <span className="truncate text-xs text-slate-500">{caller.name}</span>
            </Link>
            <div className="flex shrink-0 items-center gap-1">
              <Link
                href="/self-service/language"
                className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {t("nav.language")}
              </Link>
              <SignOutButton />
            </div>
          </div>
        </header>
        <div className="mx-auto w-full max-w-2xl flex-1 px-4 pb-12">{children}</div>
      </div>
    </Providers>
  );
}

import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Providers } from "@/components/providers";
import { consoleCaller } from "@/server/auth/console-session";

export const dynamic = "force-dynamic";

/** The console's frame: who is signed in, and a way out. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin");
  const t = await getTranslations("common");
  return (
    <Providers>
      <div className="flex min-h-screen flex-col">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
            <Link href="/" className="text-sm font-semibold tracking-tight text-slate-900">
              {t("app.title")}
            </Link>
            <div className="flex items-center gap-3 text-sm">
              <span className="text-right leading-tight">
                <span className="block font-medium text-slate-900">{caller.name}</span>
                <span className="block text-xs text-slate-500">{caller.email}</span>
              </span>
              <Link href="/account" className="text-sm font-medium text-slate-700 underline-offset-2 hover:underline">
                {t("header.yourSettings")}
              </Link>
              <SignOutButton />
            </div>
          </div>
        </header>
        {children}
      </div>
    </Providers>
  );
}

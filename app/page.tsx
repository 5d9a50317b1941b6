import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Card } from "@/components/ui/card";
import { consoleCaller, startPage } from "@/server/auth/console-session";

export const dynamic = "force-dynamic";

/** The entry: the console of the first tenant the person helps run, else their Self Service portal, or sign-in. */
export default async function Home() {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin");
  const start = await startPage();
  if (start) redirect(start);
  const t = await getTranslations("auth.home");
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card title={t("title")}>
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            {t.rich("signedInAs", {
              name: caller.name,
              email: caller.email,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <p>{t("askAdmin")}</p>
          <SignOutButton />
        </div>
      </Card>
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CultureForm } from "@/components/account/culture-form";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCaller } from "@/server/auth/console-session";
import { identityProvider } from "@/server/auth/next-auth";
import { getCurrentUser } from "@/server/users/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account");
  return { title: t("title") };
}

/** The signed-in person's own settings: only the culture is theirs to change here. */
export default async function AccountPage() {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin?callbackUrl=/account");
  const user = await getCurrentUser({ caller });
  const provider = identityProvider();
  const t = await getTranslations("account");
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeader
        title={t("title")}
        actions={
          <Link href="/" className="text-sm text-slate-700 underline">
            {t("back")}
          </Link>
        }
      />
      <div className="space-y-6">
        <Card title={t("accountTitle")} description={t("accountDescription", { provider: provider.label })}>
          <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">{t("name")}</dt>
            <dd className="font-medium text-slate-900" data-testid="account-name">
              {user.name}
            </dd>
            <dt className="text-slate-500">{t("email")}</dt>
            <dd className="font-medium text-slate-900" data-testid="account-email">
              {user.email}
            </dd>
          </dl>
        </Card>
        <Card title={t("languageTitle")} description={t("languageDescription")}>
          <CultureForm user={user} />
        </Card>
      </div>
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CultureForm } from "@/components/account/culture-form";
import { Card } from "@/components/ui/card";
import { consoleCaller } from "@/server/auth/console-session";
import { getCurrentUser } from "@/server/users/current-user";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portal.language");
  return { title: t("title") };
}

/** The language the portal speaks to the person (their culture, PUT /users/{userId}). */
export default async function PortalLanguagePage() {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin?callbackUrl=/self-service/language");
  const user = await getCurrentUser({ caller });
  const t = await getTranslations("portal.language");
  return (
    <div className="space-y-4 py-6">
      <Link
        href="/self-service"
        className="inline-flex min-h-11 items-center text-sm font-medium text-sky-800 underline"
      >
        {t("back")}
      </Link>
      <Card title={t("title")} description={t("description")}>
        <CultureForm user={user} />
      </Card>
    </div>
  );
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";

/** Any page that does not exist, or that the person may not see, in their language, with the way back. */
export default async function NotFound() {
  const t = await getTranslations("common.notFound");
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card title={t("title")}>
        <div className="space-y-3 text-sm text-slate-700">
          <p>{t("text")}</p>
          <Link href="/" className="font-medium text-sky-700 underline">
            {t("home")}
          </Link>
        </div>
      </Card>
    </main>
  );
}

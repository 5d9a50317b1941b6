"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** A page that failed while it was drawn: said in the person's language, with a retry and the way back. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.error");
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card title={t("title")}>
        <div className="space-y-3 text-sm text-slate-700">
          <p>{t("text")}</p>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="button" onClick={reset}>
              {t("retry")}
            </Button>
            <Link href="/" className="font-medium text-sky-700 underline">
              {t("home")}
            </Link>
          </div>
        </div>
      </Card>
    </main>
  );
}

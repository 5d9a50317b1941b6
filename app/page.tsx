import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Card } from "@/components/ui/card";
import { consoleCaller } from "@/server/auth/console-session";
import { listTenants } from "@/server/tenants/list-tenants";

export const dynamic = "force-dynamic";

/** The console's entry: the first tenant the person can see, or sign-in. */
export default async function Home() {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin");
  const { items } = await listTenants({ ctx: { caller }, input: { limit: 1 } });
  const first = items[0];
  if (first) redirect(`/tenants/${first.id}`);
  const t = await getTranslations("auth.home");
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card title={t("title")}>
        <div className="space-y-3 text-sm text-slate-700">
          <p>{t.rich("signedInAs", { name: caller.name, email: caller.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <p>{t("askAdmin")}</p>
          <SignOutButton />
        </div>
      </Card>
    </main>
  );
}

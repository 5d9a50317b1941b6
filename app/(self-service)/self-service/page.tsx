import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { consoleMemberships } from "@/server/auth/console-session";

/** The portal's entry: the one company where the person has Self Service access, or the choice between several. */
export default async function PortalHome() {
  const tenants = (await consoleMemberships()).filter((m) => m.access.role === "SelfService").map((m) => m.tenant);
  if (tenants.length === 1) redirect(`/self-service/${tenants[0]!.id}`);
  const t = await getTranslations("portal.choose");
  return (
    <div className="space-y-4 py-6">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
      {tenants.length ? (
        <>
          <p className="text-sm text-slate-600">{t("description")}</p>
          <ul className="space-y-2" aria-label={t("label")}>
            {tenants.map((tenant) => (
              <li key={tenant.id}>
                <Link
                  href={`/self-service/${tenant.id}`}
                  className="flex min-h-14 items-center justify-between rounded-lg border border-slate-200 bg-white px-4 text-base font-medium text-slate-900 shadow-xs hover:border-slate-400"
                >
                  <span className="min-w-0 break-words">{tenant.name}</span>
                  <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Alert tone="info">{t("none")}</Alert>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CultureForm } from "@/components/account/culture-form";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCaller } from "@/server/auth/console-session";
import { identityProvider } from "@/server/auth/next-auth";
import { getCurrentUser } from "@/server/users/current-user";

export const metadata: Metadata = { title: "Your settings" };

/** The signed-in person's own settings: only the culture is theirs to change here. */
export default async function AccountPage() {
  const caller = await consoleCaller();
  if (!caller) redirect("/signin?callbackUrl=/account");
  const user = await getCurrentUser({ caller });
  const provider = identityProvider();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeader
        title="Your settings"
        actions={
          <Link href="/" className="text-sm text-slate-700 underline">
            Back to the console
          </Link>
        }
      />
      <div className="space-y-6">
        <Card title="Your account" description={`Name and email address belong to your identity provider (${provider.label}); change them there. They are taken over here at your next sign-in.`}>
          <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">Name</dt>
            <dd className="font-medium text-slate-900" data-testid="account-name">
              {user.name}
            </dd>
            <dt className="text-slate-500">Email address</dt>
            <dd className="font-medium text-slate-900" data-testid="account-email">
              {user.email}
            </dd>
          </dl>
        </Card>
        <Card title="Language and region" description="Your own setting, whatever the company's document language: texts and documents addressed to you personally use it.">
          <CultureForm user={user} />
        </Card>
      </div>
    </main>
  );
}

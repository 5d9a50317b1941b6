"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Signs out and comes back to the invitation, which then asks the identity provider for the right person. */
export function SwitchAccountButton({ returnTo, email }: { returnTo: string; email?: string }) {
  const t = useTranslations("auth.switchAccount");
  return (
    <Button variant="secondary" onClick={() => void signOut({ callbackUrl: returnTo })}>
      {email ? t("asEmail", { email }) : t("other")}
    </Button>
  );
}

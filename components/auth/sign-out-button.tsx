"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const t = useTranslations("common.header");
  return (
    <Button variant="ghost" onClick={() => void signOut({ callbackUrl: "/signin" })}>
      {t("signOut")}
    </Button>
  );
}

"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("auth.signIn");
  const [pending, setPending] = useState(false);
  return (
    <Button
      className="w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signIn("oidc", { callbackUrl }).catch(() => setPending(false));
      }}
    >
      {pending ? t("redirecting") : t("button")}
    </Button>
  );
}

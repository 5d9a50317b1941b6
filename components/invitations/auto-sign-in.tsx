"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Someone arriving through an invitation link without a session goes straight to the identity
 * provider, and comes back to the invitation; the button is there if the redirect does not start.
 */
export function AutoSignIn({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("auth.signIn");
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn("oidc", { callbackUrl }).catch(() => setFailed(true));
  }, [callbackUrl]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{failed ? t("startFailed") : t("takingYou")}</p>
      <Button
        variant={failed ? "primary" : "secondary"}
        className="w-full"
        onClick={() => void signIn("oidc", { callbackUrl }).catch(() => setFailed(true))}
      >
        {t("button")}
      </Button>
    </div>
  );
}

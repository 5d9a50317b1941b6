"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * A value shown whole (so it can be selected by hand) with a button that copies it: an invitation
 * link, a webhook secret. Without clipboard access (plain http, permissions) it selects the text,
 * so that Ctrl+C works.
 */
export function CopyField({
  value,
  label,
  copyLabel,
  testId,
}: {
  value: string;
  label: string;
  copyLabel?: string;
  testId?: string;
}) {
  const t = useTranslations("ui");
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      input.current?.select();
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2_000);
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        ref={input}
        readOnly
        value={value}
        aria-label={label}
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700"
      />
      <Button variant="secondary" className="shrink-0 px-2.5 py-1 text-xs" onClick={() => void copy()}>
        {copied ? t("copied") : (copyLabel ?? t("copy"))}
      </Button>
    </div>
  );
}

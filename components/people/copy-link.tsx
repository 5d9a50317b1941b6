"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** An invitation link, shown whole (so it can be selected by hand) with a button that copies it. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const t = useTranslations("people");
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard access (plain http, permissions): select the text so that Ctrl+C works.
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
        value={url}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700"
      />
      <Button variant="secondary" className="shrink-0 px-2.5 py-1 text-xs" onClick={() => void copy()}>
        {copied ? t("copied") : t("copyLink")}
      </Button>
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/** A modal confirmation (native <dialog>): Escape or the cancel button closes it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  confirmDisabled,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** The confirmation waits for something the dialog asks (e.g. a required reason). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("ui");
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs may sit on one page (people: remove access, withdraw invitation).
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-full max-w-md rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="space-y-3 px-6 py-5">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="space-y-2 text-sm text-slate-700">{children}</div>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 bg-slate-50 px-6 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending || confirmDisabled}>
          {pending ? t("working") : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

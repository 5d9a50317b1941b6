import { getTranslations } from "next-intl/server";

const TONES = {
  applied: "bg-emerald-100 text-emerald-900",
  approved: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  rejected: "bg-red-100 text-red-900",
} as const;

/** A reported change's state as a badge: pending, approved, rejected (or applied at once). */
export async function ChangeStatus({ status }: { status: keyof typeof TONES }) {
  const t = await getTranslations("portal.status");
  return (
    <span
      data-testid="change-status"
      data-status={status}
      className={`inline-block shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {t(status)}
    </span>
  );
}

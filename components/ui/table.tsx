import type { ComponentProps, ReactNode } from "react";

/**
 * The console's tables, one look: slate dividers, a pale header row in small capitals, and cells
 * padded by `size`: "compact" px-3 py-2 for figures, "roomy" px-4 py-3 for lists of people, and,
 * for a table that lines up with the text of the card or panel around it (no padding on its outer
 * sides), "tight" py-1 for short lines (a payslip's lines, a field's history) and "flush" py-2 for
 * rows that hold a form. `variant="plain"` is the look inside a card or panel: on Table it drops the
 * line under the header, on TableHead the header's background (its small capitals turn a quieter
 * slate). Every table names itself for screen readers (caption); extra classes add to the look,
 * never replace it.
 */
type Size = "compact" | "roomy" | "tight" | "flush";
type Variant = "default" | "plain";

const cellPadding: Record<Size, string> = {
  compact: "px-3 py-2",
  roomy: "px-4 py-3",
  tight: "py-1 pr-3 last:pr-0",
  flush: "py-2 pr-3 last:pr-0",
};

const join = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

export function Table({
  caption,
  variant = "default",
  className,
  children,
  ...rest
}: ComponentProps<"table"> & { caption: ReactNode; variant?: Variant }) {
  return (
    <table
      className={join(variant === "default" && "divide-y divide-slate-200", "text-sm", className ?? "min-w-full")}
      {...rest}
    >
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  );
}

const headLook: Record<Variant, string> = {
  default: "bg-slate-50 font-semibold text-slate-600",
  plain: "font-medium text-slate-500",
};

export function TableHead({
  variant = "default",
  className,
  ...rest
}: ComponentProps<"thead"> & { variant?: Variant }) {
  return (
    <thead className={join("text-left text-xs uppercase tracking-wide", headLook[variant], className)} {...rest} />
  );
}

export function TableBody({ className, ...rest }: ComponentProps<"tbody">) {
  return <tbody className={join("divide-y divide-slate-100", className)} {...rest} />;
}

export function TableRow(props: ComponentProps<"tr">) {
  return <tr {...props} />;
}

/** A column's header; `numeric` aligns it right, over figures. */
export function HeaderCell({
  size = "compact",
  numeric = false,
  className,
  ...rest
}: ComponentProps<"th"> & { size?: Size; numeric?: boolean }) {
  return <th scope="col" className={join(cellPadding[size], numeric && "text-right", className)} {...rest} />;
}

/** A row's header (its first cell, naming the row; `scope="rowgroup"` for one naming the rows below it). */
export function RowHeader({ size = "compact", className, ...rest }: ComponentProps<"th"> & { size?: Size }) {
  return <th scope="row" className={join(cellPadding[size], "text-left", className)} {...rest} />;
}

/** A cell; `numeric` aligns it right, for amounts and counts. */
export function Cell({
  size = "compact",
  numeric = false,
  className,
  ...rest
}: ComponentProps<"td"> & { size?: Size; numeric?: boolean }) {
  return <td className={join(cellPadding[size], numeric && "text-right", className)} {...rest} />;
}

/** The one row of a table that has nothing to show, spanning its columns. */
export function EmptyRow({
  columns,
  size = "compact",
  children,
}: {
  columns: number;
  size?: Size;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className={join(cellPadding[size], "text-slate-500")}>
        {children}
      </td>
    </tr>
  );
}

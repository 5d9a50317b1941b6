"use client";

import { useTranslations } from "next-intl";
import { useState, type Ref } from "react";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { formatDate, formatDateTimeInput, parseDateInput, parseDateTimeInput } from "@/components/format/swiss";
import { TextField } from "@/components/ui/field";

type DateFieldProps = {
  label: string;
  /**
   * The date as the form keeps it: YYYY-MM-DD (with `time`: YYYY-MM-DDTHH:mm), "" when empty, or
   * the text as typed while it is not a date (for the form's own check to refuse).
   */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Also a time of day: "31.01.2026 14:30". */
  time?: boolean;
  hint?: React.ReactNode;
  error?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  "data-testid"?: string;
};

/** The canonical value of what was typed: YYYY-MM-DD(THH:mm), else the text itself. */
const canonical = (text: string, time: boolean) =>
  (time ? parseDateTimeInput(text) : parseDateInput(text)) ?? text.trim();

/** The value shown the Swiss way: 2026-01-31 as 31.01.2026 (what is not a date stays as it is). */
const shown = (value: string, time: boolean) =>
  time ? formatDateTimeInput(value) : /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;

/**
 * The one date input of the console: shows 31.01.2026 and accepts 31.01.2026, 31.1.2026 or
 * 2026-01-31 (with `time` also "31.01.2026 14:30"); hands the form YYYY-MM-DD. A text that is not a
 * date is named as such, in the person's language, once the field is left (or the form refused it).
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  time = false,
  hint,
  error,
  name,
  id,
  disabled,
  inputRef,
  ...rest
}: DateFieldProps) {
  const t = useTranslations("forms.date");
  const [text, setText] = useState(() => shown(value, time));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  // A value set from outside (a button that picks the 1st of January, a reset) replaces what is typed.
  if (value !== seen) {
    setSeen(value);
    if (canonical(text, time) !== value) setText(shown(value, time));
  }
  const unreadable = text.trim() !== "" && (time ? parseDateTimeInput(text) : parseDateInput(text)) === null;
  const message = unreadable && (left || error) ? t(time ? "invalidTime" : "invalid") : error;
  return (
    <TextField
      label={label}
      id={id}
      name={name}
      ref={inputRef}
      inputMode={time ? "text" : "numeric"}
      autoComplete="off"
      placeholder={t(time ? "placeholderTime" : "placeholder")}
      hint={hint}
      error={message}
      disabled={disabled}
      value={text}
      data-testid={rest["data-testid"]}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const value = canonical(next, time);
        setSeen(value);
        onChange(value);
      }}
      onBlur={() => {
        setLeft(true);
        // What was read is shown the Swiss way: 2026-01-31 becomes 31.01.2026.
        const display = shown(canonical(text, time), time);
        if (display !== text) setText(display);
        onBlur?.();
      }}
    />
  );
}

/** DateField bound to a react-hook-form field (the form's value: YYYY-MM-DD). */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, "value" | "onChange" | "onBlur" | "name" | "inputRef" | "error"> & {
  control: Control<T>;
  name: FieldPath<T>;
  error?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      {...props}
      name={field.name}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={props.error ?? fieldState.error?.message}
    />
  );
}

import { useId, type ComponentProps, type ReactNode } from "react";

type FieldProps = { label: string; error?: string; hint?: ReactNode };

const controlClass = (error?: string) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-xs focus:outline-2 focus:outline-offset-0 disabled:bg-slate-100 disabled:text-slate-500 ${
    error ? "border-red-500 focus:outline-red-500" : "border-slate-300 focus:outline-sky-600"
  }`;

function FieldFrame({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and its error message (client validation or the API's problem). */
export function TextField({ label, error, hint, id, ...input }: FieldProps & ComponentProps<"input">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={controlClass(error)}
        {...input}
      />
    </FieldFrame>
  );
}

export function SelectField({ label, error, hint, id, children, ...select }: FieldProps & ComponentProps<"select">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={controlClass(error)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

import { CONTROL_STATE_LABEL, CONTROL_STATE_TONE, type ControlState } from "./labels";

/** A Payroll Control state as a badge; label replaces the state's name (e.g. "Not in payroll yet"). */
export function StateBadge({ state, label }: { state: ControlState; label?: string }) {
  return (
    <span data-testid="control-state" data-state={state} className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${CONTROL_STATE_TONE[state]}`}>
      {label ?? CONTROL_STATE_LABEL[state]}
    </span>
  );
}

import { CONTROL_STATE_LABEL, CONTROL_STATE_TONE, type ControlState } from "./labels";

/** A Payroll Control state as a badge. */
export function StateBadge({ state }: { state: ControlState }) {
  return (
    <span data-testid="control-state" data-state={state} className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${CONTROL_STATE_TONE[state]}`}>
      {CONTROL_STATE_LABEL[state]}
    </span>
  );
}

import "server-only";
import type { BookedEntry } from "../entry-rows";
import { tuning } from "./tuning";

export type SliceInputs = { valuesOf: Map<string, string | null>; storedOf: Map<string, BookedEntry[]> };

/**
 * A whole payroll's case values and booked lines, read `tuning().slice` employees (1,000) at a time, `ahead` slices
 * ahead of the one being written (readsAhead), so that the calculation starts after the first slice and memory
 * holds a few slices whatever the payroll's size. postgres.js refuses a query while a COPY is open on
 * the connection: done(slice, flush) ends the writes so far (flush) before it sends the next read, and
 * frees the slice's values. The employees a caller named (`selected`) are one slice, read already.
 */
export function slicesToRead(
  staff: { id: string }[],
  selected: Promise<SliceInputs> | SliceInputs | null,
  ahead: number,
  read: (employees: { id: string }[]) => Promise<SliceInputs>,
) {
  const size = tuning().slice;
  const all = selected
    ? [{ employees: staff }]
    : Array.from({ length: Math.ceil(staff.length / size) }, (_, i) => ({
        employees: staff.slice(i * size, (i + 1) * size),
      }));
  // One promise per slice from the start, settled by its read once that is sent: a task may wait for a slice not read yet.
  const reads = new Map<number, { inputs: Promise<SliceInputs>; send: () => void }>();
  all.forEach((slice, i) => {
    let send = () => {};
    const inputs = new Promise<SliceInputs>(
      (resolve, reject) =>
        (send = () => (selected ? Promise.resolve(selected) : read(slice.employees)).then(resolve, reject)),
    );
    inputs.catch(() => {}); // awaited where it is used; a failure meanwhile is not an unhandled rejection
    reads.set(i, { inputs, send });
  });
  let sent = 0;
  const sendUpTo = (count: number) => {
    for (; sent < Math.min(count, all.length); sent++) reads.get(sent)!.send();
  };
  sendUpTo(ahead);
  return {
    all,
    inputs: (slice: number) =>
      reads.get(slice)?.inputs ?? Promise.reject(new Error(`Slice ${slice} of the recalculation is done already.`)),
    async done(slice: number, flush: () => Promise<void>) {
      reads.delete(slice);
      if (sent >= all.length) return;
      await flush();
      sendUpTo(slice + 1 + ahead);
    },
  };
}

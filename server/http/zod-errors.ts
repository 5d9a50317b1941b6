import type { z } from "zod";
import { Invalid } from "../errors";

/** zod issues as the contract's `errors: [{ path, message }]`, the path naming the field. */
export function invalidFromZod(error: z.ZodError, prefix?: string): Invalid {
  const errors = error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return { path: prefix && !path ? prefix : path, message: issue.message };
  });
  return new Invalid(errors);
}

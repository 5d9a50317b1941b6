import type { z } from "zod";
import { Invalid } from "../errors";

/** zod issues as the contract's `errors: [{ path, message }]`, the path naming the field (an unknown field: that field). */
export function invalidFromZod(error: z.ZodError, prefix?: string): Invalid {
  const errors = error.issues.flatMap((issue) => {
    const at = (path: PropertyKey[]) => {
      const joined = path.map(String).join(".");
      return prefix && !joined ? prefix : joined;
    };
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((key) => ({ path: at([...issue.path, key]), message: `Unknown field "${key}".` }));
    return [{ path: at(issue.path), message: issue.message }];
  });
  return new Invalid(errors);
}

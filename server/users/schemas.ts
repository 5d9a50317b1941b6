import { z } from "zod";

export const User = z.object({ id: z.uuid(), email: z.string(), name: z.string(), culture: z.string() }).meta({ id: "User" });
export type User = z.infer<typeof User>;

export const UpdateUser = z.object({
  culture: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, "Use a culture such as de-CH, fr-CH, it-CH or en.")
    .describe("The person's language/culture; name, email and password belong to the identity provider."),
});
export type UpdateUser = z.infer<typeof UpdateUser>;

export const toUser = (row: { id: string; email: string; name: string; culture: string }): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  culture: row.culture,
});

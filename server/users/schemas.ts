import { z } from "zod";
import { LOCALES } from "@/i18n/locales";

export const User = z
  .object({ id: z.uuid(), email: z.string(), name: z.string(), culture: z.string() })
  .meta({ id: "User" });
export type User = z.infer<typeof User>;

export const UpdateUser = z.object({
  culture: z
    .enum(LOCALES, { error: `One of ${LOCALES.join(", ")}.` })
    .describe(
      "The person's language/culture, one the console speaks (contract 9c); name, email and password belong to the identity provider.",
    ),
});
export type UpdateUser = z.infer<typeof UpdateUser>;

export const toUser = (row: { id: string; email: string; name: string; culture: string }): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  culture: row.culture,
});

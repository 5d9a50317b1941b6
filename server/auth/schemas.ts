import { z } from "zod";

export const TokenRequest = z.object({
  grant_type: z.literal("client_credentials", { error: "Only grant_type=client_credentials is supported." }),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({ access_token: z.string(), token_type: z.literal("Bearer"), expires_in: z.number().int() })
  .meta({ id: "TokenResponse" });

export const DevTokenRequest = z.object({
  email: z.email("A valid email address is required."),
  name: z.string().trim().min(1).max(200).optional(),
});

export const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

import { z } from "zod";
import { singleLine } from "../http/text";

export const TokenRequest = z.object({
  grant_type: z.literal("client_credentials", { error: "Only grant_type=client_credentials is supported." }),
  client_id: singleLine({ max: 200 }).optional(),
  client_secret: singleLine({ max: 500 }).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({ access_token: z.string(), token_type: z.literal("Bearer"), expires_in: z.number().int() })
  .meta({ id: "TokenResponse" });

export const DevTokenRequest = z.object({
  email: z.email("A valid email address is required."),
  name: singleLine({ max: 200 }).optional(),
});

export const Jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

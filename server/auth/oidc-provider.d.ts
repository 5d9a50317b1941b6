// oidc-provider ships no type declarations; this is the part of its API the development identity provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AccountClaims = { sub: string; [claim: string]: unknown };
  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => AccountClaims | Promise<AccountClaims>;
  };

  export type InteractionResults = {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  };

  export type Interaction = {
    uid: string;
    prompt: { name: "login" | "consent" | string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string };
    session?: { accountId: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

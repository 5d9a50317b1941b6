import "server-only";

type Expiring = { exp?: number | undefined };

/**
 * Bearer tokens whose signature and issuer were checked, with the claims the service uses. That a
 * token's signature is valid never changes, so it is checked once per token; its expiry is checked
 * at every use, and who it names (system user, person, membership) is read from the database at every
 * request by the caller. At most `max` tokens are kept; the oldest go first.
 */
export class VerifiedTokens<Claims extends Expiring> {
  readonly #kept = new Map<string, Claims>();

  constructor(readonly max = 1000) {}

  /** The claims of a token verified before: "expired" once it has expired (and it is forgotten), undefined when unknown. */
  claimsOf(token: string): Claims | "expired" | undefined {
    const known = this.#kept.get(token);
    if (!known) return undefined;
    if (known.exp === undefined || known.exp > Math.floor(Date.now() / 1000)) return known;
    this.#kept.delete(token);
    return "expired";
  }

  keep(token: string, claims: Claims) {
    if (this.#kept.size >= this.max) this.#kept.delete(this.#kept.keys().next().value!);
    this.#kept.set(token, claims);
  }
}

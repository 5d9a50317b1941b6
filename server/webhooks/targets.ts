import "server-only";
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { env } from "../env";
import { Invalid } from "../errors";

/**
 * Where a webhook may send (contract section 9): an absolute https URL whose host resolves only to
 * public unicast addresses. The check runs at registration and again before every delivery, and the
 * delivery connects to the address checked here (server/webhooks/send.ts), so a DNS answer that
 * changes in between (rebinding) cannot point it at the service's own network.
 *
 * The address classes come from ipaddr.js (the parser behind Express's proxy-addr, maintained since
 * 2011): its `range()` names the IANA special-purpose blocks of IPv4 and IPv6, and `process()` turns
 * an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it reaches. Rather than list
 * what to refuse, only `unicast` is allowed (for IPv6 also only inside 2000::/3, the global unicast
 * block), so loopback, private, link-local, multicast, reserved, unspecified, carrier-grade NAT,
 * unique-local, NAT64, 6to4 and Teredo are all refused, including blocks added to the library later.
 */
export const allowsPrivateTargets = () => env().WEBHOOK_ALLOW_PRIVATE_TARGETS === "true";

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Why an address may not be a webhook target, or null when it may. */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range !== "unicast") return `${address} is a ${range} address`;
  if (ip.kind() === "ipv6" && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6))
    return `${address} is not a global unicast address`;
  return null;
}

export type Target = { url: URL; address: string | null; family: 4 | 6 | null };

export class TargetRefused extends Error {
  /** unresolved: the host has no address now (the registration accepts it; every delivery checks again). */
  constructor(
    message: string,
    readonly unresolved = false,
  ) {
    super(message);
  }
}

/** The URL's syntax: absolute, https (http too when private targets are allowed), no credentials. */
export function parseTargetUrl(payloadUrl: string): URL {
  let url: URL;
  try {
    url = new URL(payloadUrl);
  } catch {
    throw new TargetRefused("payloadUrl is not an absolute URL.");
  }
  const protocols = allowsPrivateTargets() ? ["https:", "http:"] : ["https:"];
  if (!protocols.includes(url.protocol))
    throw new TargetRefused(`payloadUrl must use https (${url.protocol.replace(":", "")} is not allowed).`);
  if (url.username || url.password)
    throw new TargetRefused(
      "payloadUrl may not carry a user name or password; deliveries are authenticated by their signature.",
    );
  return url;
}

/**
 * Resolves the URL's host and checks every address it resolves to; returns the address to connect
 * to. With private targets allowed, nothing is pinned (the system resolver decides at connect time).
 */
export async function resolveTarget(payloadUrl: string): Promise<Target> {
  const url = parseTargetUrl(payloadUrl);
  if (allowsPrivateTargets()) return { url, address: null, family: null };
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // RFC 6761: localhost and every name under it are loopback, whether or not this machine's resolver knows them.
  if (/(^|\.)localhost\.?$/.test(host))
    throw new TargetRefused(`${url.hostname} is a loopback name: not a public address.`);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new TargetRefused(
      `${url.hostname} could not be resolved (${(error as { code?: string }).code ?? "no address"}).`,
      true,
    );
  }
  if (!addresses.length) throw new TargetRefused(`${url.hostname} could not be resolved.`, true);
  // Every address must be allowed: a host that also resolves to an internal address is refused as a whole.
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem)
      throw new TargetRefused(
        url.hostname === address || `[${address}]` === url.hostname
          ? `${problem}: not a public address.`
          : `${url.hostname} resolves to ${problem}: not a public address.`,
      );
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/**
 * The registration check: 422 webhook.url_not_allowed on payloadUrl. A name that does not resolve now
 * (a receiver not yet in DNS, or no DNS where the service runs) is accepted: the contract refuses targets
 * that resolve to internal addresses, and every delivery resolves and checks again before it connects.
 */
export async function assertAllowedTarget(payloadUrl: string) {
  try {
    await resolveTarget(payloadUrl);
  } catch (error) {
    if (error instanceof TargetRefused && error.unresolved) return;
    if (error instanceof TargetRefused) throw Invalid.field("payloadUrl", error.message, "webhook.url_not_allowed");
    throw error;
  }
}

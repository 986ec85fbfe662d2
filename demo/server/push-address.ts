/**
 * Where the server may send a push message: a subscription's endpoint is a URL the browser's
 * push service gave it, but the server takes it from a request body, so it is checked like
 * any outgoing request an attacker may aim (SSRF). Only `https:` URLs on public addresses:
 * never loopback, private, link-local (cloud metadata at 169.254.169.254 among them),
 * shared, multicast or reserved ranges, in IPv4 or IPv6 (mapped and NAT64 forms too), and
 * never a name that only means something inside a network (`localhost`, `*.internal`…).
 * A name is checked again when the message is sent: {@link guardedLookup} is the DNS
 * lookup of the socket itself, so a name that resolves to a forbidden address (or is
 * rebound to one after the check) never gets a connection.
 *
 * With the test hooks on, `http://127.0.0.1:<port>` and `http://localhost:<port>` are also
 * accepted, so tests can run their own push service.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup } from 'node:dns';

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** Names that only mean something inside a network. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|home\.arpa|localdomain)$/i;

/** The IPv4 address an IPv6 one carries (`::ffff:a.b.c.d`, `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether a literal IP address is one the server never sends to. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const kind = isIP(bare);
  if (kind === 4) return BLOCKED.check(bare, 'ipv4');
  if (kind !== 6) return true;
  const v4 = embeddedIpv4(bare);
  return v4 !== undefined ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(bare, 'ipv6');
}

/** Whether this is one of the loopback endpoints the test hooks allow over plain http. */
function isTestEndpoint(url: URL): boolean {
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/**
 * Why an endpoint is refused ('scheme', 'address'), or undefined when the server may send
 * to it. `testHooks` also allows plain-http loopback endpoints.
 */
export function endpointProblem(endpoint: string, testHooks: boolean): 'invalid' | 'scheme' | 'address' | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'invalid';
  if (testHooks && isTestEndpoint(url)) return undefined;
  if (url.protocol !== 'https:') return 'scheme';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) return 'invalid';
  if (isIP(host)) return isBlockedAddress(host) ? 'address' : undefined;
  // A name without a dot is resolved by local search domains; a name in an internal zone is internal.
  if (!host.includes('.') || INTERNAL_NAME.test(host)) return 'address';
  return undefined;
}

/**
 * The DNS lookup of an outgoing push request: the name's addresses, refused with an error
 * when any of them is blocked (a name that resolves to a private address is no push
 * service). `allowLoopback` is for the test hooks' loopback endpoints.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as { address: string; family: number }[];
      const loopbackOnly = allowLoopback && list.every((a) => a.address === '127.0.0.1' || a.address === '::1');
      if (!list.length || (!loopbackOnly && list.some((a) => isBlockedAddress(a.address)))) {
        return callback(Object.assign(new Error(`push endpoint ${hostname} resolves to a blocked address`), { code: 'EBLOCKED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

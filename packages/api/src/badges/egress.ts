/**
 * The one way a badge read reaches the network (docs/decisions/121): a GET of
 * a JSON document a badge names (a hosted assertion, its badge class or
 * issuer, an issuer's public key), guarded against server-side request
 * forgery. A badge is a file anyone can write, so the URL it names is the
 * user's choice:
 *
 * - https only, unless the policy allows http to a loopback address (the
 *   local runtime's tests serve badges from 127.0.0.1);
 * - the host is resolved once, every address it resolves to must be public
 *   (see BLOCKED), and the connection goes to that checked address (the
 *   socket's lookup answers with it), so a second answer of the DNS cannot
 *   point it elsewhere;
 * - at most 3 redirects, each checked as the first URL was;
 * - one deadline for the whole fetch, redirects included; a body cap; JSON
 *   content only; no credentials, cookies or shared connections.
 *
 * It answers a failure as data, never an exception: a badge whose issuer
 * cannot be reached is read and marked unverified with the reason.
 */
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, type LookupFunction, isIP } from 'node:net';

export interface EgressPolicy {
  /** http, and loopback addresses, allowed too: only the local runtime's tests set it. */
  allowLoopbackHttp: boolean;
  /** For the whole fetch, DNS and redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_EGRESS_POLICY: EgressPolicy = {
  allowLoopbackHttp: false,
  timeoutMs: 3000,
  maxBytes: 256 * 1024,
  maxRedirects: 3,
};

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Why a fetch did not give a JSON document: `blocked` (the guard refused the
 * URL), `unreachable` (DNS, connection, TLS or the deadline), `status` (the
 * server answered other than 200), `content` (not JSON, too large).
 */
export type FetchFailure =
  | { ok: false; kind: 'blocked' | 'unreachable' | 'content'; reason: string }
  | { ok: false; kind: 'status'; status: number; reason: string };
export type FetchResult = { ok: true; url: string; json: unknown } | FetchFailure;

export interface Egress {
  fetchJson(url: string): Promise<FetchResult>;
}

type Range = [network: string, prefix: number, name: string];

/** Loopback: what the test policy lets through, and nothing else of BLOCKED. */
const LOOPBACK: Range[] = [
  ['127.0.0.0', 8, 'loopback'],
  ['::1', 128, 'loopback'],
];

/**
 * Addresses a badge's URL may never reach: everything not global unicast
 * (IANA's special-purpose registries). The IPv4-mapped, IPv4-compatible,
 * NAT64 and 6to4 blocks embed an IPv4 address and are refused whole.
 */
const BLOCKED: Range[] = [
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['::', 96, 'IPv4-compatible or unspecified'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/**
 * One list per range, so a refusal names it. Each list holds one family
 * only: Node's BlockList matches an IPv4 address against an IPv4-mapped
 * IPv6 rule, so a v6 rule is only ever checked against a v6 address.
 */
const listsOf = (ranges: Range[]) =>
  ranges.map(([network, prefix, name]) => {
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { family, name, cidr: `${network}/${prefix}`, list };
  });
const BLOCKED_LISTS = listsOf(BLOCKED);
const LOOPBACK_LISTS = listsOf(LOOPBACK);

function inRanges(address: string, lists: ReturnType<typeof listsOf>): string | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const hit = lists.find((l) => l.family === family && l.list.check(address, family));
  return hit ? `${hit.name} (${hit.cidr})` : null;
}

/** Whether `address` is a loopback address (127.0.0.0/8, ::1), as the test policy allows. */
export function isLoopback(address: string): boolean {
  return inRanges(address, LOOPBACK_LISTS) !== null;
}

/**
 * The blocked range `address` falls in (`"private (10.0.0.0/8)"`), or null
 * for a public address. With `allowLoopback`, 127.0.0.0/8 and ::1 pass; an
 * IPv4-mapped ::ffff:127.0.0.1 does not.
 */
export function blockedRange(address: string, allowLoopback = false): string | null {
  if (isIP(address) === 0) return 'not an IP address';
  if (allowLoopback && isLoopback(address)) return null;
  return inRanges(address, BLOCKED_LISTS);
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

class Refused extends Error {
  constructor(readonly failure: FetchFailure) {
    super(failure.reason);
    this.name = 'Refused';
  }
}
const refuse = (kind: 'blocked' | 'unreachable' | 'content', reason: string): never => {
  throw new Refused({ ok: false, kind, reason });
};

/** Rejects when `signal` aborts: DNS cannot be cancelled, but it need not be waited for. */
function racing<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A lookup that answers with the address already checked, whatever the socket asks. */
function pinned(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };
}

function describe(error: unknown): string {
  // Node's own errors, not `instanceof Error` across realms (a test runner's): read by name and code.
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR') {
    return 'it did not answer in time';
  }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'ENODATA':
      return 'its host name did not resolve';
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'the network did not reach it';
    default:
      return typeof code === 'string' && /CERT|TLS|SSL/i.test(code)
        ? 'its TLS certificate was not accepted'
        : 'the request failed';
  }
}

export function createEgress(policy: EgressPolicy, resolve: Resolve = systemResolve): Egress {
  /** The checked address to connect to for `url`, or a refusal naming why. */
  async function check(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopbackHttp)) {
      refuse('blocked', `${url.protocol.replace(':', '')} is not fetched (https only)`);
    }
    if (url.username || url.password) refuse('blocked', 'a URL with credentials is not fetched');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    let addresses: ResolvedAddress[];
    if (family !== 0) {
      addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await racing(resolve(host), signal);
      } catch (error) {
        throw new Refused({ ok: false, kind: 'unreachable', reason: describe(error) });
      }
    }
    if (addresses.length === 0) refuse('unreachable', 'its host name did not resolve');
    for (const { address } of addresses) {
      const blocked = blockedRange(address, policy.allowLoopbackHttp);
      if (blocked) refuse('blocked', `its host resolves to a ${blocked} address`);
    }
    if (url.protocol === 'http:' && !addresses.every((a) => isLoopback(a.address))) {
      refuse('blocked', 'http is fetched only from a loopback address (https only)');
    }
    return addresses[0] as ResolvedAddress;
  }

  /** One request to the checked address: the response, not yet read. */
  function request(url: URL, target: ResolvedAddress, signal: AbortSignal) {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<http.IncomingMessage>((resolveResponse, reject) => {
      const req = client.request(url, {
        method: 'GET',
        agent: false,
        lookup: pinned(target),
        signal,
        headers: { accept: 'application/ld+json, application/json', 'accept-encoding': 'identity' },
      });
      req.once('response', resolveResponse);
      req.once('error', reject);
      req.end();
    });
  }

  async function readJson(response: http.IncomingMessage): Promise<unknown> {
    const type = response.headers['content-type'] ?? '';
    if (!JSON_TYPE.test(type)) {
      refuse('content', `its answer is not JSON (${type.slice(0, 60) || 'no content type'})`);
    }
    const encoding = response.headers['content-encoding'];
    if (encoding && encoding !== 'identity') refuse('content', `its answer is ${encoding}-encoded`);
    const tooLarge = `its answer is larger than ${policy.maxBytes / 1024} KB`;
    if (Number(response.headers['content-length'] ?? 0) > policy.maxBytes)
      refuse('content', tooLarge);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > policy.maxBytes) {
        response.destroy();
        refuse('content', tooLarge);
      }
      chunks.push(chunk);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
      return refuse('content', 'its answer is not valid JSON');
    }
  }

  async function follow(start: URL, signal: AbortSignal): Promise<FetchResult> {
    let url = start;
    for (let redirects = 0; ; redirects++) {
      const target = await check(url, signal);
      let response: http.IncomingMessage;
      try {
        response = await request(url, target, signal);
      } catch (error) {
        return { ok: false, kind: 'unreachable', reason: describe(error) };
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirects >= policy.maxRedirects) {
          refuse('blocked', `it redirects more than ${policy.maxRedirects} times`);
        }
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        return { ok: false, kind: 'status', status, reason: `its server answered ${status}` };
      }
      try {
        return { ok: true, url: url.href, json: await readJson(response) };
      } catch (error) {
        if (error instanceof Refused) throw error;
        return { ok: false, kind: 'unreachable', reason: describe(error) };
      }
    }
  }

  return {
    async fetchJson(href) {
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return { ok: false, kind: 'blocked', reason: 'it is not a URL' };
      }
      const signal = AbortSignal.timeout(policy.timeoutMs);
      try {
        return await follow(url, signal);
      } catch (error) {
        if (error instanceof Refused) return error.failure;
        return { ok: false, kind: 'unreachable', reason: describe(error) };
      }
    },
  };
}

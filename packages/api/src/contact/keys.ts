/**
 * Who is sending, for the contact form's rate limits: a sender key that the
 * variants of one mailbox share, and a client key that the addresses of one
 * network share.
 */

/** Providers known to ignore dots in the local part (and to be one mailbox under both names). */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * One key per mailbox: case-folded (NFKC, so full-width letters fold too),
 * without a `+tag` (which nearly every provider delivers to the same box),
 * and for Gmail without dots. A quoted local part is kept as written, bar
 * case: its `+` and dots are characters, not conventions.
 */
export function senderKey(email: string): string {
  const address = email.normalize('NFKC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  if (!local.startsWith('"')) {
    const untagged = local.replace(/\+.*$/, '');
    if (untagged !== '') local = untagged;
    const canonical = DOTLESS_DOMAINS.get(domain);
    if (canonical !== undefined) {
      domain = canonical;
      local = local.replace(/\./g, '') || local;
    }
  }
  return `${local}@${domain}`;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const head = split(halves[0] ?? '');
  const tail = halves.length === 2 ? split(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

/**
 * One key per client network: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), an IPv6 address by its /64 (one subscriber's prefix: a
 * host can change the rest at will). Null when the address is unknown.
 */
export function clientKey(sourceIp: string | null): string | null {
  if (sourceIp === null) return null;
  const ip = sourceIp.trim().toLowerCase();
  if (ip === '') return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip.replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/**
 * The address in a proxy's viewer-address header: `198.51.100.10:46532`, or
 * for IPv6 the address and the port joined by a last colon
 * (`2001:db8::1:46532`); an address alone is taken as it is.
 */
export function addressFromViewerHeader(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const ipv4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(text);
  if (ipv4?.[1]) return ipv4[1];
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) return bracketed[1];
  // IPv6 with a port: eight groups plus the port, or a compressed address plus the port.
  const parts = text.split(':');
  return parts.length > 2 && /^\d+$/.test(parts.at(-1) ?? '') ? parts.slice(0, -1).join(':') : text;
}

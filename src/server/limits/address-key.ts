import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address ('::' expanded, a dotted IPv4 tail read as two groups); null if it is none. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const middle = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * Whose per-address counts (write limits, new guests, the guests' upload total) an address spends:
 * an IPv4 address itself (also when written IPv4-mapped), and for IPv6 its /64, which one line or
 * one rented server holds whole: counted per address, each of its 2^64 addresses had fresh counts.
 */
export function clientAddressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (groups === null) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

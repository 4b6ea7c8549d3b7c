import net from 'node:net';

/**
 * The network an address belongs to, as the approximate place of a session (docs/sessions.md):
 * the IPv4 /24 or the IPv6 /48, never the address itself. An IPv4-mapped IPv6 address counts as
 * IPv4. Null when the text is no address.
 */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!net.isIPv6(ip)) return null;
  // Expand '::' to get the first three groups.
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 3).map((g) => (g === '' ? '0' : g.toLowerCase().replace(/^0+(?=.)/, '')));
  return `${prefix.join(':')}::/48`;
}

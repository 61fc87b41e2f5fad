/**
 * A client address as marketing may keep it (docs/decisions/0025): IPv4 without its last octet, IPv6 without what
 * follows its /48 (the last 80 bits). Zod-free: the storefront truncates before anything leaves it, the product API
 * again before it stores.
 */
export function truncateIp(address: string | null | undefined): string | null {
  const text = address?.trim().toLowerCase();
  if (!text) return null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255) ? `${Number(v4[1])}.${Number(v4[2])}.${Number(v4[3])}.0` : null;
  const groups = ipv6Groups(text);
  return groups ? `${groups.slice(0, 3).map((group) => parseInt(group, 16).toString(16)).join(":")}::` : null;
}

/** The eight groups of an IPv6 address ("::" expanded; an embedded IPv4 counts as two), or null. */
function ipv6Groups(text: string): string[] | null {
  const parts = text.split("::");
  if (parts.length > 2) return null;
  const split = (part: string) => (part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : []);
  const head = split(parts[0]!);
  const tail = parts.length === 2 ? split(parts[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (parts.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(parts.length === 2 ? missing : 0).fill("0"), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups : null;
}

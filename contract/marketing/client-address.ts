/**
 * A client address as marketing and analytics may keep it (docs/decisions/0025, 0026): IPv4 with its last octet zero,
 * IPv6 with everything beyond the /48 zero, so a kept address names a network, never a device; anything that is no
 * address is none. Zod-free: the storefront truncates before anything leaves it, the product API again before it
 * stores.
 */
export function truncateIp(address: string | null | undefined): string | null {
  const value = address?.trim();
  if (!value) return null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (v4)
    return v4.slice(1).every((octet) => Number(octet) <= 255)
      ? `${Number(v4[1])}.${Number(v4[2])}.${Number(v4[3])}.0`
      : null;
  const groups = ipv6Groups(value);
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is truncated as the IPv4 address it is.
  if (groups?.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0`;
  }
  return groups
    ? `${groups
        .slice(0, 3)
        .map((group) => group.toString(16))
        .join(":")}::`
    : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and an embedded IPv4 tail); null when it is none. */
function ipv6Groups(value: string): number[] | null {
  const address = value.replace(/%.*$/, "").toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(address) || address.split("::").length > 2) return null;
  const toGroups = (part: string): number[] | null => {
    if (!part) return [];
    const groups: number[] = [];
    for (const piece of part.split(":")) {
      const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(piece);
      if (v4) {
        const octets = v4.slice(1).map(Number);
        if (octets.some((octet) => octet > 255)) return null;
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const [head, tail] = address.split("::");
  const before = toGroups(head!);
  const after = tail === undefined ? [] : toGroups(tail);
  if (!before || !after) return null;
  if (tail === undefined) return before.length === 8 ? before : null;
  const missing = 8 - before.length - after.length;
  return missing >= 1 ? [...before, ...Array<number>(missing).fill(0), ...after] : null;
}

/**
 * The session cookie's name for a request: on https it carries the `__Host-` prefix, which browsers accept only for a
 * Secure cookie of this host with Path=/ (no Domain), so no other subdomain can set or shadow it. Plain http (local
 * use) cannot hold such a cookie and keeps the configured name.
 */
export function sessionCookieName(configured: string, url: URL): string {
  return url.protocol === "https:" ? `__Host-${configured}` : configured;
}

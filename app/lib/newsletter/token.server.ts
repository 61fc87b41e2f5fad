const encoder = new TextEncoder();

async function key(secret: string | undefined) {
  if (!secret) throw new Error("Empty password");
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(`unsubscribe:${secret}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

const toHex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The signature in an unsubscribe link: who (site and e-mail) may leave, without logging in. */
export async function unsubscribeToken(secret: string | undefined, site: string, email: string): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(`${site}\n${email.toLowerCase()}`)));
}

export async function isUnsubscribeToken(
  secret: string | undefined,
  site: string,
  email: string,
  token: string,
): Promise<boolean> {
  if (!/^[a-f0-9]{64}$/.test(token)) return false;
  const bytes = new Uint8Array(token.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify("HMAC", await key(secret), bytes, encoder.encode(`${site}\n${email.toLowerCase()}`));
}

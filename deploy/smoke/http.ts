// The smoke's HTTP client: one site (the origin the app sees, and the address connected to, which differ when a brand
// is reached by its Host header on a loopback address), a timeout per request, redirects followed as a browser does,
// an optional cookie jar, and any 5xx thrown as a ServerError so that it fails the check it happened in.
import type { IncomingHttpHeaders } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";

/**
 * `origin` is what the browser's address bar would show; `connect` is where the bytes go (same, or a loopback address).
 */
export type Site = { origin: string; connect: URL };

export type Answer = { status: number; url: URL; headers: IncomingHttpHeaders; body: string };

export type ClientOptions = { headers: Record<string, string>; timeoutMs: number; jar?: CookieJar };

const MAX_REDIRECTS = 5;
/** Enough for any page of the store; a larger answer is cut off rather than held in memory. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const USER_AGENT = "storefront-smoke (deploy/smoke.ts)";

/** A 5xx answer: any of them fails the check it happened in. */
export class ServerError extends Error {}

/** A throwaway visitor's cookies for one site: name and value only, which is all one host and path need. */
export class CookieJar {
  #cookies = new Map<string, string>();

  keep(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", value = ""] = attribute.split("=").map((part) => part.trim().toLowerCase());
        return (key === "max-age" && Number(value) <= 0) || (key === "expires" && Date.parse(value) <= Date.now());
      });
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(at + 1).trim());
    }
  }

  header(): string | undefined {
    return this.#cookies.size ? [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ") : undefined;
  }
}

/** A body as text, shortened and on one line, for a failure's message (never more than ~200 characters). */
export function snippet(body: string, length = 120) {
  const text = body
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

type Exchange = { method: "GET" | "POST"; url: URL; headers: Record<string, string>; body?: string };

function exchange(
  site: Site,
  { method, url, headers, body }: Exchange,
  timeoutMs: number,
): Promise<Omit<Answer, "url">> {
  // Inside the site the bytes go to its connect address with the site's Host; anywhere else, straight to the URL.
  const connect = url.origin === site.origin ? site.connect : url;
  const request = connect.protocol === "https:" ? httpsRequest : httpRequest;
  const hostname = connect.hostname.replace(/^\[|\]$/g, "");
  const servername = isIP(url.hostname.replace(/^\[|\]$/g, "")) ? undefined : url.hostname;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        method,
        hostname,
        port: connect.port || undefined,
        path: `${url.pathname}${url.search}`,
        servername,
        headers: { ...headers, host: url.host },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        incoming.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
        });
        incoming.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
        incoming.on("error", reject);
      },
    );
    const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    outgoing.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(body);
  });
}

export type Client = ReturnType<typeof createClient>;

/** Requests to one site as a browser makes them; `get` and `submit` follow redirects and return the last answer. */
export function createClient(site: Site, { headers, timeoutMs, jar }: ClientOptions) {
  async function send(first: Exchange): Promise<Answer> {
    let current = first;
    for (let hop = 0; ; hop++) {
      const cookie = jar?.header();
      const sent = {
        "user-agent": USER_AGENT,
        accept: "*/*",
        ...headers,
        ...current.headers,
        ...(cookie ? { cookie } : {}),
      };
      const answer = { ...(await exchange(site, { ...current, headers: sent }, timeoutMs)), url: current.url };
      jar?.keep(answer.headers["set-cookie"]);
      const where = `${current.method === "POST" ? "POST " : ""}${current.url.pathname}${current.url.search}`;
      if (answer.status >= 500)
        throw new ServerError(`HTTP ${answer.status} at ${where}${answer.body ? `: ${snippet(answer.body)}` : ""}`);
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status >= 400 || !location) return answer;
      if (hop === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects from ${first.url.pathname}`);
      // 301, 302 and 303 after a form turn it into a GET, as browsers do; 307 and 308 would repeat the POST.
      const keepsMethod = answer.status === 307 || answer.status === 308;
      current = keepsMethod
        ? { ...current, url: new URL(location, current.url) }
        : { method: "GET", url: new URL(location, current.url), headers: {} };
    }
  }

  return {
    site,
    url: (path: string) => new URL(path, site.origin),
    get: (path: string, accept = "text/html,application/xhtml+xml,*/*;q=0.8") =>
      send({ method: "GET", url: new URL(path, site.origin), headers: { accept } }),
    /** A form posted as a browser posts it, from the page at `from`: same-origin Origin and Referer. */
    submit: (action: string, fields: [string, string][], from: string) =>
      send({
        method: "POST",
        url: new URL(action, new URL(from, site.origin)),
        headers: {
          accept: "text/html,application/xhtml+xml,*/*;q=0.8",
          "content-type": "application/x-www-form-urlencoded",
          origin: site.origin,
          referer: new URL(from, site.origin).href,
          "sec-fetch-site": "same-origin",
        },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

import type { z } from "zod";
import { API_ERROR_CODES, apiErrorSchema } from "@contract/api/errors";
import { ProductApiError } from "./product-api-error";
import { deepFreeze } from "~/lib/deep-freeze";
import { isolateMemory } from "@contract/memory/isolate-memories";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";

export type CacheStrategy = "none" | "short" | "long";
type Params = Record<string, string | number | boolean | undefined | null>;

export type ProductApiOptions = {
  /** Sends a request to the api-proxy: the service binding on the server, `/api/proxy` in the browser. */
  transport: (request: Request) => Promise<Response>;
  /**
   * The storefront request's id, sent as x-request-id so the proxy's and the product API's lines carry it (server
   * only).
   */
  requestId?: string;
  brand: string;
  locale: string;
  extSessionId: string;
  cookie?: string | null;
  /**
   * Whether catalogue answers (the calls that name a cache strategy) may be shared between visitors (decision 0020).
   */
  cacheable: boolean;
  clientCallsEnabled: boolean;
  /**
   * Keeps the request alive for work after its answer (the worker's `ctx.waitUntil`). Given, a kept answer past its
   * time is served while this request fetches it afresh in the background (see `#call`); without it, it waits.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
};

export const PROXY_ORIGIN = "https://api-proxy.internal";

/**
 * Answers an isolate keeps for anonymous-safe catalogue GETs, for as long as the proxy's edge cache would: most renders
 * then make no subrequest at all. Calls that name no cache strategy (a cart, an order, an account) never use it. Each
 * kept answer is parsed once per schema, and every render that asks gets that same value, frozen (decision 0029). Up to
 * STALE_MS past its time, an answer is still served while one request fetches it afresh in the background (stale while
 * revalidate): the renders under way when it runs out do not all wait for the product API and ask it the same question
 * at once (decision 0029). A busy isolate refreshes within moments of the time; a quiet one waits as before.
 */
type Kept = { key: string; expires: number; json: unknown; parsed: WeakMap<z.ZodType, unknown>; refreshing: boolean };
const MEMO_MS: Record<Exclude<CacheStrategy, "none">, number> = { short: 60_000, long: 3_600_000 };
const STALE_MS = 30_000;
const memo = isolateMemory<string, Kept>({
  name: "catalogue answers of the product API",
  maxEntries: 1000,
  ttl: "the call's cache strategy: 60 s (short) or an hour (long), served up to 30 s past it while refreshed",
});

function remember(key: string, json: unknown, strategy: Exclude<CacheStrategy, "none">): Kept {
  return memo.keep(key, {
    key,
    expires: Date.now() + MEMO_MS[strategy],
    json,
    parsed: new WeakMap(),
    refreshing: false,
  });
}

/**
 * A kept answer as `schema` reads it, parsed the first time only; frozen, as renders share it. One it refuses is
 * dropped.
 */
function parsedOnce<S extends z.ZodType>(kept: Kept, schema: S): z.output<S> {
  if (!kept.parsed.has(schema)) {
    const parsed = schema.safeParse(kept.json);
    if (!parsed.success) {
      if (memo.get(kept.key) === kept) memo.delete(kept.key);
      throw parsed.error;
    }
    kept.parsed.set(schema, deepFreeze(parsed.data));
  }
  return kept.parsed.get(schema) as z.output<S>;
}

/**
 * The one client of the product API. Every answer is validated with the contract's zod schema; a failed call throws a
 * ProductApiError.
 */
export class ProductApiClient {
  constructor(private readonly options: ProductApiOptions) {}

  async get<S extends z.ZodType>(
    path: string,
    params: Params,
    schema: S,
    cache: CacheStrategy = "none",
  ): Promise<z.output<S>> {
    const { json, kept } = await this.#call("GET", path, params, cache);
    return kept ? parsedOnce(kept, schema) : schema.parse(json);
  }

  /** A lookup that may find nothing: the API's "no results" (code 5004) becomes null. */
  async find<S extends z.ZodType>(
    path: string,
    params: Params,
    schema: S,
    cache: CacheStrategy = "none",
  ): Promise<z.output<S> | null> {
    const { json, kept } = await this.#call("GET", path, params, cache);
    if (apiErrorSchema.safeParse(json).data?.error.code === API_ERROR_CODES.noResults) return null;
    return kept ? parsedOnce(kept, schema) : schema.parse(json);
  }

  async post<S extends z.ZodType>(path: string, body: Params, schema: S): Promise<z.output<S>> {
    return schema.parse((await this.#call("POST", path, body, "none")).json);
  }

  async delete<S extends z.ZodType>(path: string, body: Params, schema: S): Promise<z.output<S>> {
    return schema.parse((await this.#call("DELETE", path, body, "none")).json);
  }

  /** The answer's JSON, and where it is kept in the isolate's memory (a catalogue GET), else null. */
  async #call(
    method: string,
    path: string,
    params: Params,
    cache: CacheStrategy,
  ): Promise<{ json: unknown; kept: Kept | null }> {
    if (typeof document !== "undefined" && !this.options.clientCallsEnabled) {
      throw new Error("Client-side API requests are disabled");
    }
    // The parameters that are set, in key order: the query or body sent, and the kept answer's key. Built in
    // JavaScript, as a kept answer needs no URLSearchParams (each of its calls is a call into the runtime).
    const fields: [string, string][] = [];
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== null) fields.push([key, String(value)]);
    fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const memoStrategy = method === "GET" && this.options.cacheable && cache !== "none" ? cache : null;
    const memoKey = memoStrategy
      ? `${this.options.brand}|${this.options.locale}|${path}?${JSON.stringify(fields)}`
      : "";
    if (memoStrategy) {
      const kept = memo.get(memoKey);
      const now = Date.now();
      if (kept && kept.expires > now) return { json: kept.json, kept };
      const { waitUntil } = this.options;
      if (kept && waitUntil && kept.expires + STALE_MS > now) {
        // One refresh at a time per answer; a failed one leaves the answer to the next request past its time.
        if (!kept.refreshing) {
          kept.refreshing = true;
          waitUntil(
            this.#fetch(method, path, fields, cache).then(
              (json) => remember(memoKey, json, memoStrategy),
              () => (kept.refreshing = false),
            ),
          );
        }
        return { json: kept.json, kept };
      }
    }
    const json = await this.#fetch(method, path, fields, cache);
    return { json, kept: memoStrategy ? remember(memoKey, json, memoStrategy) : null };
  }

  /** The product API's answer through the proxy, as JSON; a failure throws a ProductApiError. */
  async #fetch(method: string, path: string, fields: [string, string][], cache: CacheStrategy): Promise<unknown> {
    const encoded = new URLSearchParams(fields);
    const url = new URL(path, PROXY_ORIGIN);
    if (method === "GET") url.search = encoded.toString();
    const headers = new Headers({
      "x-ext-session-id": this.options.extSessionId,
      "x-brand": this.options.brand,
      "x-locale": this.options.locale,
      "x-cache-strategy": this.options.cacheable ? cache : "none",
    });
    if (this.options.cookie) headers.set("cookie", this.options.cookie);
    if (this.options.requestId) headers.set(REQUEST_ID_HEADER, this.options.requestId);
    if (method !== "GET") headers.set("content-type", "application/x-www-form-urlencoded");
    const response = await this.options.transport(
      new Request(url, { method, headers, body: method === "GET" ? undefined : encoded.toString() }),
    );
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw ProductApiError.fromProxyAnswer(path, response.status, json);
    return json;
  }
}

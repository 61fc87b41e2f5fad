import { SessionError, sealValue, unsealValue } from "./seal";
import { sealedSessionSchema, sessionDataSchema, type SealedSession, type SessionData } from "./data";
import { deepFreeze } from "~/lib/deep-freeze";
import { isolateMemory } from "@contract/memory/isolate-memories";
import type { BrandSlug } from "@contract/brands/brands";

export type SessionSettings = {
  password: string | undefined;
  ttlSeconds: number;
  skewSeconds: number;
  kv: KVNamespace;
};

/** A session as stored: `brand` is the brand whose host made it (absent in a seal older than that rule). */
export type StoredSession = { id: string; createdAt: number; brand?: BrandSlug; data: SessionData };

/** Where session data lives: KV (the cookie holds only the sealed id) or the sealed cookie itself. */
export interface SessionProvider {
  read(sealed: string, settings: SessionSettings): Promise<StoredSession>;
  /** Persists the data and returns the cookie value to set. */
  write(session: StoredSession, settings: SessionSettings): Promise<string>;
  /** Forgets a session that is no longer used (its id was rotated). */
  remove(id: string, settings: SessionSettings): Promise<void>;
  /** Ends every session signed in to the account but one (after a password change or reset). */
  endAccountSessions(accountId: string, keepId: string, settings: SessionSettings): Promise<void>;
}

/**
 * Seals this isolate opened lately, with what they hold, checked: a visitor's cookie is the same string on every
 * request, and opening it again (two keys derived, a MAC, a decryption, the schema) is most of a session read. Only a
 * seal that opened is kept, under its exact text and password, until its own expiry (its 6th field) allows; the oldest
 * goes first past 2000.
 */
const opened = isolateMemory<string, { session: SealedSession; expires: number }>({
  name: "session seals opened, checked",
  maxEntries: 2000,
  ttl: "the seal's own expiry",
});
/** What this isolate's memories of seals are kept under: a seal's exact text with the password it is opened with. */
const sealKey = (sealed: string, settings: SessionSettings) => `${settings.password}\u0000${sealed}`;

async function openSeal(
  sealed: string,
  settings: SessionSettings,
  key = sealKey(sealed, settings),
): Promise<SealedSession> {
  let known = opened.get(key);
  if (known?.expires && Date.now() >= known.expires + settings.skewSeconds * 1000) {
    opened.delete(key);
    known = undefined;
  }
  if (!known) {
    const parsed = sealedSessionSchema.safeParse(await unsealValue(sealed, settings.password, settings.skewSeconds));
    if (!parsed.success) throw new SessionError("Bad hmac value");
    known = opened.keep(key, { session: parsed.data, expires: Number(sealed.split("*")[5]) || 0 });
  }
  if (Date.now() - known.session.createdAt > settings.ttlSeconds * 1000) throw new SessionError("Session expired!");
  return known.session;
}

/**
 * Session data as stored, read (JSON and the schema) once per text: most requests find their session as the last one
 * left it. Frozen, as requests share it (a session changes its data by replacing it). The oldest goes first past
 * 2000.
 */
const storedData = isolateMemory<string, SessionData | null>({
  name: "session data as stored, parsed",
  maxEntries: 2000,
  ttl: "the isolate's life (a change stores a new text)",
});

function sessionDataOf(text: string | null): SessionData | null {
  if (text === null) return null;
  let data = storedData.get(text);
  if (data === undefined) {
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: no session.
    }
    const parsed = sessionDataSchema.safeParse(json);
    data = storedData.keep(text, parsed.success ? deepFreeze(parsed.data) : null);
  }
  return data;
}

/**
 * Sessions this isolate read or wrote lately, under the exact cookie text that names them, for RECENT_SESSION_MS from
 * when they were read (docs/decisions/0003): a visitor's page, its data requests and its events come seconds apart, and
 * each read from KV costs more than the rest of the session's work. Every write seals a new cookie text (the seal's
 * salt and IV are random) and the browser sends that one from then on, so a write is never hidden; in the isolate that
 * wrote, the session's older texts are forgotten too, for a request that was already on its way with one. What can
 * outlive its change here, by at most RECENT_SESSION_MS, is a session ended from another isolate (an account signed out
 * everywhere), or one written there while this visitor still sends the older text: less than the minute KV itself may
 * take to reach another location (DESIGN.md section 3). Ending a session in this isolate forgets it here at once.
 */
const RECENT_SESSION_MS = 10_000;
const recentSessions = isolateMemory<string, { session: StoredSession; until: number }>({
  name: "sessions read or written lately, by cookie text",
  maxEntries: 2000,
  ttl: RECENT_SESSION_MS,
});

function remember(key: string, session: StoredSession) {
  recentSessions.keep(key, { session, until: Date.now() + RECENT_SESSION_MS });
}

function forgetRecent(ids: Set<string>) {
  for (const [key, { session }] of recentSessions) if (ids.has(session.id)) recentSessions.delete(key);
}

const kvKey = (id: string) => `session:${id}`;
/** One key per signed-in session, listed by the account's prefix: no read-modify-write, so no lost entries. */
const accountKeyPrefix = (accountId: string) => `account-session:${accountId}:`;

const kvProvider: SessionProvider = {
  async read(sealed, settings) {
    const key = sealKey(sealed, settings);
    const { id, createdAt, brand } = await openSeal(sealed, settings, key);
    const recent = recentSessions.get(key);
    if (recent && recent.until > Date.now()) return recent.session;
    const data = sessionDataOf(await settings.kv.get(kvKey(id), "text"));
    if (!data) throw new SessionError("Session expired!");
    const session = { id, createdAt, brand, data };
    remember(key, session);
    return session;
  },
  async write({ id, createdAt, brand, data }, settings) {
    const remaining = Math.ceil((createdAt + settings.ttlSeconds * 1000 - Date.now()) / 1000);
    // KV refuses TTLs under 60 s; a session that close to its end is as good as expired anyway.
    const expirationTtl = Math.max(60, remaining);
    await Promise.all([
      settings.kv.put(kvKey(id), JSON.stringify(data), { expirationTtl }),
      data.customer ? settings.kv.put(`${accountKeyPrefix(data.customer.id)}${id}`, "", { expirationTtl }) : null,
    ]);
    const sealed = await sealValue({ id, createdAt, brand }, settings.password, settings.ttlSeconds);
    // The session's older texts now name older data: a request still carrying one reads KV again. The new text's data
    // is shared by the requests that find it, as the data read from KV is: a copy of its own, frozen.
    forgetRecent(new Set([id]));
    remember(sealKey(sealed, settings), { id, createdAt, brand, data: deepFreeze(structuredClone(data)) });
    return sealed;
  },
  async remove(id, settings) {
    forgetRecent(new Set([id]));
    await settings.kv.delete(kvKey(id));
  },
  async endAccountSessions(accountId, keepId, settings) {
    const prefix = accountKeyPrefix(accountId);
    let cursor: string | undefined;
    do {
      const page = await settings.kv.list({ prefix, cursor });
      const ids = page.keys.map((key) => key.name.slice(prefix.length)).filter((id) => id !== keepId);
      forgetRecent(new Set(ids));
      await Promise.all(ids.flatMap((id) => [settings.kv.delete(kvKey(id)), settings.kv.delete(`${prefix}${id}`)]));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
  },
};

const cookieProvider: SessionProvider = {
  async read(sealed, settings) {
    const { id, createdAt, brand, data } = await openSeal(sealed, settings);
    if (!data) throw new SessionError("Session expired!");
    return { id, createdAt, brand, data };
  },
  async write({ id, createdAt, brand, data }, settings) {
    return sealValue({ id, createdAt, brand, data }, settings.password, settings.ttlSeconds);
  },
  // The data lives in the cookie itself: replacing the cookie forgets it.
  async remove() {},
  // Nothing on the server names a cookie session, so none can be ended from here (decision 0015).
  async endAccountSessions() {},
};

/**
 * The spec's names (SPEC 9): `h3_session`, the data in KV under the id the cookie seals, and `cookie`, the data in the
 * cookie itself. `kv`, this store's earlier name for the first, stays an alias (docs/decisions/0037).
 */
const PROVIDERS: Record<string, SessionProvider> = { h3_session: kvProvider, kv: kvProvider, cookie: cookieProvider };

export function createSessionProvider(name: string | undefined): SessionProvider {
  const provider = name ? PROVIDERS[name] : undefined;
  if (!provider) throw new Error("Session provider it`s invalid");
  return provider;
}

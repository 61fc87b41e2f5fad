import type { BrandSlug } from "@contract/brands/brands";
import { newSessionData, type SessionData } from "./data";
import type { SessionProvider, SessionSettings, StoredSession } from "./providers";
import { SessionError } from "./seal";
import { readCookie } from "~/lib/request/cookies/cookie-headers";

export type SessionCookie = { name: string; secure: boolean };

/**
 * One visitor's session for one request. It is created on first use (a write, or `ensure()`),
 * and persisted only when its data changed.
 */
export class RequestSession {
  #stored: StoredSession | null;
  #fresh: StoredSession | null = null;
  #dirty = false;
  #clearCookie: boolean;
  /** The id this session had before it was rotated, to forget on commit. */
  #retired: string | null = null;

  private constructor(
    stored: StoredSession | null,
    readonly problem: string | null,
    private readonly provider: SessionProvider,
    private readonly settings: SessionSettings,
    private readonly cookie: SessionCookie,
    private readonly brand: BrandSlug,
  ) {
    this.#stored = stored;
    this.#clearCookie = problem !== null;
  }

  /**
   * Reads the session from the request's cookie; a broken or expired seal means no session (never an error), and so
   * does a session another brand's host made: on this brand's host its visitor is a guest.
   */
  static async load(
    request: Request,
    provider: SessionProvider,
    settings: SessionSettings,
    cookie: SessionCookie,
    brand: BrandSlug,
  ) {
    const sealed = readCookie(request.headers.get("cookie"), cookie.name);
    if (!sealed) return new RequestSession(null, null, provider, settings, cookie, brand);
    try {
      const stored = await provider.read(sealed, settings);
      if (stored.brand && stored.brand !== brand) throw new SessionError(OTHER_BRAND);
      return new RequestSession(stored, null, provider, settings, cookie, brand);
    } catch (error) {
      if (!(error instanceof SessionError)) throw error;
      return new RequestSession(null, error.message, provider, settings, cookie, brand);
    }
  }

  get exists() {
    return this.#stored !== null;
  }

  get id() {
    return this.#current().id;
  }

  /** When the session ends (its cookie's expiry). */
  get expiresAt() {
    return new Date(this.#current().createdAt + this.settings.ttlSeconds * 1000);
  }

  get data(): Readonly<SessionData> {
    return this.#current().data;
  }

  /** Marks the session as used, so it is created (cookie and storage) if it was not there. */
  ensure() {
    if (!this.#stored) {
      this.#stored = this.#current();
      this.#dirty = true;
    }
  }

  update(patch: Partial<SessionData>) {
    const current = this.#current();
    // Most calls restate what the session holds (the consent cookie's choice, mirrored on every request).
    if (Object.entries(patch).every(([key, value]) => current.data[key as keyof SessionData] === value)) return;
    const next = { ...current.data, ...patch };
    if (JSON.stringify(next) === JSON.stringify(current.data)) return;
    this.#stored = { ...current, data: next };
    this.#dirty = true;
  }

  /**
   * Replaces this request's session with another one (a valid sealed session the client handed over, of this brand).
   */
  adopt(session: StoredSession) {
    if (session.brand && session.brand !== this.brand) throw new SessionError(OTHER_BRAND);
    this.#stored = session;
    this.#dirty = true;
  }

  /**
   * The same data under a new id and a new cookie (at sign-in and sign-out): an id that someone planted in the
   * visitor's browser, or saw before, no longer names this session.
   */
  rotate() {
    const current = this.#current();
    if (this.#stored) this.#retired = this.#stored.id;
    this.#stored = { id: newSessionId(), createdAt: Date.now(), brand: this.brand, data: current.data };
    this.#dirty = true;
  }

  /** Signs the account out everywhere else: every other session signed in to it ends now. */
  async endOtherSessionsOf(accountId: string) {
    await this.provider.endAccountSessions(accountId, this.id, this.settings);
  }

  get changed() {
    return this.#dirty;
  }

  /** Persists a changed session and returns the Set-Cookie header to send, if any. */
  async commit(): Promise<string | null> {
    if (this.#retired) await this.provider.remove(this.#retired, this.settings);
    if (this.#dirty && this.#stored) {
      // A seal older than the brand rule is bound to the brand that writes it first.
      const value = await this.provider.write({ ...this.#stored, brand: this.brand }, this.settings);
      const maxAge = Math.max(
        0,
        Math.floor((this.#stored.createdAt + this.settings.ttlSeconds * 1000 - Date.now()) / 1000),
      );
      return serializeCookie(this.cookie, value, maxAge);
    }
    if (this.#clearCookie) return serializeCookie(this.cookie, "", 0);
    return null;
  }

  #current(): StoredSession {
    if (this.#stored) return this.#stored;
    this.#fresh ??= { id: newSessionId(), createdAt: Date.now(), brand: this.brand, data: newSessionData() };
    return this.#fresh;
  }
}

const newSessionId = () => crypto.randomUUID().replaceAll("-", "");
/** Why a session is none here: its seal names another brand's host. */
const OTHER_BRAND = "Session of another brand";

function serializeCookie({ name, secure }: SessionCookie, value: string, maxAge: number) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    secure ? "Secure" : null,
  ]
    .filter(Boolean)
    .join("; ");
}

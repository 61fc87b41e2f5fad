import { sha256Hex } from "@contract/rules/sha256";
import { firstRow, rows, sql } from "../db/query";

/**
 * Single-use links that let a person choose a password: a reset (one hour) or a staff invitation (seven days). The
 * link carries a random token; only its SHA-256 is stored, so a copy of the database opens no account.
 */
export const RESET_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

export const tokenHash = (token: string) => sha256Hex(token);

/** A new token for the account, valid for ttlMs; returns the token to put in the link (never stored). */
export async function issuePasswordToken(env: ProductApiEnv, accountId: string, ttlMs: number): Promise<string> {
  const token = hex(crypto.getRandomValues(new Uint8Array(32)));
  const now = Date.now();
  await rows(
    env,
    sql`INSERT INTO password_resets (token_hash, account_id, expires_at, created_at)
    VALUES (${await tokenHash(token)}, ${accountId}, ${new Date(now + ttlMs).toISOString()}, ${new Date(now).toISOString()})`,
  );
  return token;
}

/** The account a token opens, when it is unused and unexpired; null for a forged, spent or expired token. */
export async function accountOfToken(env: ProductApiEnv, token: string): Promise<string | null> {
  const row = await firstRow<{ accountId: string }>(
    env,
    sql`SELECT account_id AS accountId FROM password_resets
    WHERE token_hash = ${await tokenHash(token)} AND used_at IS NULL AND expires_at > ${new Date().toISOString()}`,
  );
  return row?.accountId ?? null;
}

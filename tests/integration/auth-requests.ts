import { testEnv, visit } from "../setup/app";

// The sign-in protocol under /api/auth (Auth.js's REST shapes, decision 0015), on the storefront's own session.

export const form = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  cookie,
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
});

export async function sessionOf(cookie: string) {
  const response = await visit("/api/auth/session", { cookie });
  return (await response.json()) as { user: { name: string; email: string; image: null }; expires: string } | null;
}

/** The KV session a cookie names (the sealed id's data), through the app's own session endpoint. */
export async function storedSessionIds() {
  return new Set((await testEnv.SESSIONS.list({ prefix: "session:" })).keys.map((key) => key.name));
}

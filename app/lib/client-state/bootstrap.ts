import { BOOTSTRAP_MAX_AGE_MS } from "./timing";

/** What /api/bootstrap.json says (app/routes/api.bootstrap.ts). */
export type BootstrapConfig = {
  buildId: string;
  consentVersion: string;
  tags: Record<string, boolean>;
  features: Record<string, boolean>;
};

const KEY = "bootstrap-config";

/** The brand's bootstrap config, read from the server at most once an hour (kept in localStorage between pages). */
export async function bootstrapConfig(now = Date.now()): Promise<BootstrapConfig | null> {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as { at: number; config: BootstrapConfig } | null;
    if (kept && now - kept.at < BOOTSTRAP_MAX_AGE_MS) return kept.config;
  } catch {
    // A broken copy is read again.
  }
  const response = await fetch("/api/bootstrap.json").catch(() => null);
  if (!response?.ok) return null;
  const config = (await response.json()) as BootstrapConfig;
  localStorage.setItem(KEY, JSON.stringify({ at: now, config }));
  return config;
}

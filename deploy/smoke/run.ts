// runSmoke: every check of every brand the base URL reaches, one brand after another, each check timed; a check that
// throws fails alone and the run goes on.
import { CHECK_NAMES, CHECKS, type Visit } from "./checks.ts";
import { createClient, type ClientOptions } from "./http.ts";
import { resultLine, summaryLine, type CheckResult } from "./report.ts";
import { planTargets, UsageError, type Target } from "./targets.ts";

export type SmokeOptions = {
  /** Brand slugs to check (any case); none: every brand the base URL reaches. */
  brands?: string[];
  /** Added to every request, e.g. `Cloudflare-Workers-Version-Overrides` to reach a version before it takes traffic. */
  headers?: Record<string, string>;
  /** Per request. */
  timeoutMs?: number;
  /** Each check's line and the summary as they come; nothing printed by default. */
  log?: (line: string) => void;
};

export type SmokeReport = {
  passed: boolean;
  failed: CheckResult[];
  results: CheckResult[];
  /** The brands checked, by slug (the default brand's, recognised on its home page, on a host of no brand). */
  brands: string[];
  summary: string;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

/** An http(s) URL of the store, or a UsageError. */
export function parseBaseUrl(text: string): URL {
  let base: URL;
  try {
    base = new URL(text);
  } catch {
    throw new UsageError(`not a URL: ${text}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new UsageError(`not an http(s) URL: ${text}`);
  return base;
}

function messageOf(error: unknown): string {
  // A connection refused on both of localhost's addresses is an AggregateError with an empty message.
  const inner = error instanceof AggregateError && error.errors[0] instanceof Error ? error.errors[0] : error;
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as { code?: unknown }).code;
  return inner.message.split("\n")[0] || (typeof code === "string" ? code : inner.name);
}

async function visitOf(target: Target, client: ClientOptions, log: (line: string) => void, results: CheckResult[]) {
  const visit: Visit = {
    target,
    brand: target.brand,
    client: createClient(target.site, client),
    visitorWith: (jar) => createClient(target.site, { ...client, jar }),
  };
  for (const check of CHECK_NAMES) {
    const started = performance.now();
    let ok = true;
    let detail: string;
    try {
      detail = await CHECKS[check](visit);
    } catch (error) {
      ok = false;
      detail = messageOf(error);
    }
    const result = { brand: visit.brand?.slug ?? "default", check, ok, detail, ms: performance.now() - started };
    results.push(result);
    log(resultLine(result));
  }
  return visit.brand?.slug ?? "default";
}

/** The smoke against one base URL; throws UsageError for a bad URL or brand, never for what the store answers. */
export async function runSmoke(baseUrl: string | URL, options: SmokeOptions = {}): Promise<SmokeReport> {
  const base = parseBaseUrl(String(baseUrl));
  const plan = planTargets(base, options.brands ?? []);
  const log = options.log ?? (() => undefined);
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const client = { headers, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  if (plan.note) log(`note ${plan.note}`);

  const started = performance.now();
  const results: CheckResult[] = [];
  const brands: string[] = [];
  for (const target of plan.targets) brands.push(await visitOf(target, client, log, results));
  const failed = results.filter((result) => !result.ok);
  const defaultBrandOnly = plan.targets.some((target) => target.brand === null);
  const summary = summaryLine(results, brands, (performance.now() - started) / 1000, base.origin, defaultBrandOnly);
  log(summary);
  return { passed: failed.length === 0, failed, results, brands, summary };
}

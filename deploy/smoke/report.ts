// What the smoke prints: a line per check as it completes, and one summary line.
import type { CheckName } from "./checks.ts";

export type CheckResult = { brand: string; check: CheckName; ok: boolean; detail: string; ms: number };

/** A check's line never carries more than this much of what it saw (a response body included). */
const DETAIL_CHARS = 200;
/** The summary names this many failures, then counts the rest. */
const SUMMARY_FAILURES = 5;

const shorten = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export function resultLine({ brand, check, ok, detail, ms }: CheckResult) {
  return `${(ok ? "ok" : "FAIL").padEnd(4)} ${brand.padEnd(7)} ${check.padEnd(8)} ${shorten(detail, DETAIL_CHARS)} ${Math.round(ms)} ms`;
}

/**
 * `smoke passed: 8 brands, 80 checks, 12.3 s against http://127.0.0.1:8787`, or
 * `smoke FAILED: 3 of 80 checks (WPX-PL product: HTTP 500 at /fotokubek; ...)`.
 */
export function summaryLine(
  results: CheckResult[],
  brands: string[],
  seconds: number,
  base: string,
  defaultBrandOnly: boolean,
) {
  const failed = results.filter((result) => !result.ok);
  if (failed.length) {
    const named = failed
      .slice(0, SUMMARY_FAILURES)
      .map((result) => `${result.brand} ${result.check}: ${shorten(result.detail, 60)}`);
    const more = failed.length > SUMMARY_FAILURES ? `; and ${failed.length - SUMMARY_FAILURES} more` : "";
    return `smoke FAILED: ${failed.length} of ${results.length} checks (${named.join("; ")}${more}) against ${base}`;
  }
  const which = defaultBrandOnly
    ? `the default brand only (${brands.join(", ")})`
    : `${brands.length} brand${brands.length === 1 ? "" : "s"}`;
  return `smoke passed: ${which}, ${results.length} checks, ${seconds.toFixed(1)} s against ${base}`;
}

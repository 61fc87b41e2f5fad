import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

// What every part of the browser checks shares: its harness and parts, the pool they run in, translations, and page
// helpers.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export type Viewport = { width: number; height: number };
export type Harness = {
  screenshots: string;
  viewports: Record<"phone" | "desktop", Viewport>;
  record: (ok: boolean, name: string, detail?: string) => void;
  settle: (page: Page) => Promise<void>;
  loadLazyImages: (page: Page) => Promise<void>;
  trackErrors: (page: Page) => string[];
};

/** One part of the catalogue run: the harness with its reporting buffered until `flush`. */
export type Part = Harness & {
  check: (name: string, fn: () => Promise<string | void> | string | void) => Promise<boolean>;
  log: (line: string) => void;
};

export function part(h: Harness): { p: Part; flush: () => void } {
  const lines: (() => void)[] = [];
  const record = (ok: boolean, name: string, detail = "") => void lines.push(() => h.record(ok, name, detail));
  const check = async (name: string, fn: () => Promise<string | void> | string | void) => {
    try {
      const problem = await fn();
      record(!problem, name, problem || "");
      return !problem;
    } catch (error) {
      record(false, name, message(error));
      return false;
    }
  };
  const log = (line: string) => void lines.push(() => console.log(line));
  const flush = () => {
    for (const line of lines.splice(0)) line();
  };
  return { p: { ...h, record, check, log }, flush };
}

/**
 * How many parts run at once (E2E_CONCURRENCY), catalogue and buying together; two cores, and the pages mostly wait.
 */
export const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 3));
/** A client-side navigation to a local server renders well within this; a stuck one fails without eating the budget. */
export const NAVIGATION_MS = 8_000;
/** Full-page screenshots of long pages take seconds on a busy 2-core machine; they are evidence, not what is tested. */
export const SCREENSHOT_MS = 30_000;

/**
 * A screenshot as evidence (full page unless told): one that times out on a busy machine is logged as a warning, not
 * failed, since what it shows is checked apart (a full-page shot of a long phone page once took over 30 s in CI).
 */
export async function evidenceShot(h: Pick<Part, "log">, page: Page, path: string, { fullPage = true } = {}) {
  await page
    .screenshot({ timeout: SCREENSHOT_MS, path, fullPage })
    .catch((error: unknown) => h.log(`warn  screenshot ${path}: ${message(error)}`));
}

type Tree = { [key: string]: string | Tree };
function deepMerge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] = typeof value === "object" && typeof current === "object" ? deepMerge(current, value) : value;
  }
  return into;
}

/** A locale's strings as the app sees them: general.json with every per-feature file (cart.json, …) deep-merged in. */
export function translations(locale: string): Tree {
  const folder = join(ROOT, "locales", locale);
  const files = [
    "general.json",
    ...readdirSync(folder)
      .filter((file) => file.endsWith(".json") && file !== "general.json")
      .sort(),
  ];
  return files.reduce(
    (merged, file) => deepMerge(merged, JSON.parse(readFileSync(join(folder, file), "utf8")) as Tree),
    {} as Tree,
  );
}

/** "od 1 299,99 zł", "desde 11,95 €", "from DKK 1,299" → 1299.99, 11.95, 1299. */
export function parsePrice(text: string): number {
  const match = text.match(/\d[\d.,\s\u00a0\u202f]*\d|\d/);
  if (!match) return Number.NaN;
  const raw = match[0].replace(/[\s\u00a0\u202f]/g, "");
  const decimals = raw.match(/[.,](\d{1,2})$/);
  const whole = (decimals ? raw.slice(0, -decimals[0].length) : raw).replace(/[.,]/g, "");
  return Number(`${whole}.${decimals ? decimals[1] : "0"}`);
}

/** React has hydrated once the element carries React's internal props (so handlers run and controlled inputs stick). */
export async function hydrated(page: Page, selector = "header [role=combobox]") {
  await page.waitForFunction(
    (css) => {
      const element = document.querySelector(css);
      return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    },
    selector,
    { timeout: 10_000 },
  );
}

/** Errors seen since the last call (favicon failures ignored; on the 404 page also the document's own 404). */
export function errorsSince(errors: string[], from: number, ignoreUrl?: string) {
  return errors
    .slice(from)
    .filter((error) => !/favicon/i.test(error))
    .filter((error) => !(ignoreUrl && error.includes("status of 404") && error.includes(ignoreUrl)));
}

export function message(error: unknown) {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

/**
 * Slots shared by every pool (catalogue and buying run side by side): at most CONCURRENCY parts run at once; a free
 * slot goes to the waiting part of the highest priority, first come first served within a priority.
 */
let freeSlots = CONCURRENCY;
const waiting: { resume: () => void; priority: number }[] = [];
async function withSlot<T>(run: () => Promise<T>, priority: number): Promise<T> {
  if (freeSlots > 0) freeSlots--;
  else await new Promise<void>((resume) => waiting.push({ resume, priority }));
  try {
    return await run();
  } finally {
    const best = waiting.reduce(
      (found, entry, index) => (found < 0 || entry.priority > waiting[found]!.priority ? index : found),
      -1,
    );
    if (best >= 0) waiting.splice(best, 1)[0]!.resume();
    else freeSlots++;
  }
}

/**
 * Runs the parts `size` at a time, within the shared CONCURRENCY slots at `priority`; a part's buffered lines are
 * printed once `printAfter` has settled (run.ts's own checks print live meanwhile) and every earlier part's lines are
 * out.
 */
export async function inPool(
  parts: { run: () => Promise<void>; flush: () => void }[],
  size: number,
  printAfter: Promise<unknown>,
  priority = 0,
) {
  const done = parts.map(() => false);
  let printing = false;
  let printed = 0;
  let next = 0;
  const print = () => {
    while (printing && printed < parts.length && done[printed]) parts[printed++]!.flush();
  };
  void printAfter.finally(() => {
    printing = true;
    print();
  });
  const worker = async () => {
    while (next < parts.length) {
      const index = next++;
      await withSlot(() => parts[index]!.run(), priority);
      done[index] = true;
      print();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, parts.length) }, worker));
  await printAfter.catch(() => undefined);
  printing = true;
  print();
}

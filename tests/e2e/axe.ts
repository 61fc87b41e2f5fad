// axe-core in the browser journeys: every page a journey visits is audited by the harness (auditEveryPage, which
// run.ts puts around the browser every part gets), and a journey checks a state within a page with axeProblems.
// Serious and critical violations fail the run; minor and moderate ones are logged.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeNode = { target: unknown[]; html: string; why: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
type RawAxeNode = { target: unknown[]; html: string; any: { message: string }[]; all: { message: string }[] };
type RawAxeViolation = Omit<AxeViolation, "nodes"> & { nodes: RawAxeNode[] };
/** The global the injected axe.min.js defines. */
type AxeWindow = { axe: { run: (context: Document, options: object) => Promise<{ violations: RawAxeViolation[] }> } };

/**
 * axe-core's violations on the page as it is. A page without JavaScript (its context has it disabled) runs no timers,
 * which axe waits on between rules: for that page they are replaced by callbacks run in the order of their delays.
 */
async function violationsOf(page: Page, { timers }: { timers: boolean }): Promise<AxeViolation[]> {
  // Evaluated through the debugger rather than added as a <script>: the page's Content-Security-Policy rightly refuses
  // an inline script without its nonce.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (timersRun) => {
    if (!timersRun) {
      const pending: { id: number; delay: number; run: () => void }[] = [];
      let last = 0;
      let queued = false;
      const pump = () => {
        queued = false;
        pending.sort((a, b) => a.delay - b.delay || a.id - b.id);
        pending.shift()?.run();
        if (pending.length && !queued) {
          queued = true;
          void Promise.resolve().then(pump);
        }
      };
      const later = (run: () => void, delay = 0) => {
        pending.push({ id: ++last, delay: Number(delay) || 0, run });
        if (!queued) {
          queued = true;
          void Promise.resolve().then(pump);
        }
        return last;
      };
      Object.assign(window, {
        setTimeout: (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) =>
          later(() => callback(...args), delay),
        clearTimeout: (id: number) => {
          const at = pending.findIndex((entry) => entry.id === id);
          if (at >= 0) pending.splice(at, 1);
        },
        requestAnimationFrame: (callback: (time: number) => void) => later(() => callback(performance.now())),
      });
    }
    const result = await (window as unknown as AxeWindow).axe.run(document, {
      resultTypes: ["violations"],
      preload: false,
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((node) => ({
        target: node.target,
        html: node.html,
        why: [...node.any, ...node.all].map((part) => part.message).join(" "),
      })),
    }));
  }, timers);
}

const isSerious = (v: AxeViolation) => v.impact === "serious" || v.impact === "critical";

/**
 * The serious/critical violations as a failure reason, each with its first nodes in `log`; minor ones as an info line.
 */
function describe(violations: AxeViolation[], name: string, log: (line: string) => void): string | void {
  const serious = violations.filter(isSerious);
  const minor = violations.filter((v) => !isSerious(v));
  if (minor.length)
    log(`info  ${name}: minor/moderate: ${minor.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(", ")}`);
  for (const v of serious) {
    const targets = v.nodes
      .slice(0, 2)
      .map(
        (node) =>
          `${node.target.map(String).join(" >>> ")} ${node.html
            .replace(/\s+/g, " ")
            .replace(/ class="[^"]*"/, "")
            .slice(0, 120)} (${node.why.slice(0, 160)})`,
      )
      .join(" | ");
    log(`      axe ${v.id} [${v.impact}] ${v.help} — ${v.nodes.length} node(s): ${targets}`);
  }
  if (serious.length)
    return `${serious.length}: ${serious.map((v) => `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? "" : "s"})`).join(", ")}`;
}

/**
 * Runs axe-core on the page as it is now, for a state within a page that no visit reaches (a refused form, an open
 * panel); returns the serious/critical violations as a failure reason (nothing when there are none).
 */
export async function axeProblems(
  h: { log: (line: string) => void },
  page: Page,
  name: string,
): Promise<string | void> {
  return describe(await violationsOf(page, { timers: true }), name, h.log);
}

type Report = (ok: boolean, name: string, detail?: string) => void;

/**
 * A page's requests in flight and when the last one started or ended: axe waits for the page's own work (icons, data).
 */
type Traffic = { inFlight: number; lastAt: number };
const NETWORK_QUIET_MS = 400;

/**
 * Until the page's network has been idle for a moment and the page has stopped changing (a client-side navigation
 * renders after its URL changed; icons are fetched when the page is idle), at most about 5 s: axe's work on the main
 * thread would otherwise delay what the page was about to do.
 */
async function quiet(page: Page, traffic: Traffic) {
  const until = Date.now() + 3_000;
  while (Date.now() < until && (traffic.inFlight > 0 || Date.now() - traffic.lastAt < NETWORK_QUIET_MS))
    await new Promise((done) => setTimeout(done, 100));
  await page
    .evaluate(
      () =>
        new Promise<void>((done) => {
          let timer = setTimeout(finish, 250);
          const cap = setTimeout(finish, 2_000);
          const observer = new MutationObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(finish, 250);
          });
          function finish() {
            observer.disconnect();
            clearTimeout(timer);
            clearTimeout(cap);
            done();
          }
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        }),
    )
    .catch(() => undefined);
}

/** An audit that does not answer in this time (a page that hangs) is given up with a warning. */
const AUDIT_MS = 60_000;

/** What a context of the journeys audits: each page (a method and an address) once, and what it found. */
class ContextAudit {
  private readonly audited = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly failures: { name: string; problem: string }[] = [];
  private readonly lines: string[] = [];
  /** How each page's document came: a form posted without JavaScript answers a page of its own. */
  private readonly method = new WeakMap<Page, string>();
  private readonly traffic = new WeakMap<Page, Traffic>();
  private label = "";
  private readonly options: BrowserContextOptions | undefined;
  private readonly record: Report;

  constructor(options: BrowserContextOptions | undefined, record: Report) {
    this.options = options;
    this.record = record;
  }

  watch(page: Page) {
    const traffic: Traffic = { inFlight: 0, lastAt: Date.now() };
    this.traffic.set(page, traffic);
    const ended = () => {
      traffic.inFlight = Math.max(0, traffic.inFlight - 1);
      traffic.lastAt = Date.now();
    };
    page.on("request", (request) => {
      traffic.inFlight++;
      traffic.lastAt = Date.now();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        this.method.set(page, request.method());
    });
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    page.on("framenavigated", (frame) => {
      const key = frame === page.mainFrame() ? this.keyOf(page) : null;
      if (key) this.seen.add(key);
    });
  }

  private keyOf(page: Page): string | null {
    const url = page.url();
    return /^https?:/.test(url) ? `${this.method.get(page) ?? "GET"} ${url}` : null;
  }

  /** Audits the page as it is, unless its address was audited already in this context. */
  async audit(page: Page) {
    const key = page.isClosed() ? null : this.keyOf(page);
    if (!key || this.audited.has(key)) return;
    const url = new URL(page.url());
    const js = this.options?.javaScriptEnabled !== false;
    const size = this.options?.viewport
      ? `${this.options.viewport.width}×${this.options.viewport.height}`
      : "default size";
    this.label ||= `[axe ${url.hostname.split(".")[0]} ${size}${js ? "" : " no-js"}]`;
    const method = key.startsWith("GET ") ? "" : `${key.split(" ")[0]} `;
    const name = `${this.label} ${method}${url.pathname}${url.search}`;
    try {
      const run = (async () => {
        // Only HTML pages: not a PDF or a JSON answer a journey opened.
        if ((await page.evaluate(() => document.contentType)) !== "text/html") return void this.seen.delete(key);
        if (js) await quiet(page, this.traffic.get(page) ?? { inFlight: 0, lastAt: 0 });
        if (this.keyOf(page) !== key) return;
        this.audited.add(key);
        const problem = describe(await violationsOf(page, { timers: js }), name, (line) => this.lines.push(line));
        if (problem) this.failures.push({ name, problem });
      })();
      const timeout = new Promise<never>((_, fail) =>
        setTimeout(() => fail(new Error(`no answer in ${AUDIT_MS / 1000} s`)), AUDIT_MS).unref(),
      );
      await Promise.race([run, timeout]);
    } catch (error) {
      this.audited.delete(key);
      this.lines.push(
        `warn  ${name}: not audited: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      );
    }
  }

  /**
   * Once the context closes: the pages with serious/critical violations fail, and the pages seen but never audited are
   * named.
   */
  report() {
    for (const line of this.lines) console.log(line);
    const unaudited = [...this.seen].filter((key) => !this.audited.has(key));
    if (unaudited.length)
      console.log(
        `info  ${this.label} seen but not audited (left before the journey looked at them): ${unaudited.join(", ")}`,
      );
    for (const { name, problem } of this.failures)
      this.record(false, `${name}: no serious/critical axe violations`, problem);
    const clean = this.audited.size - this.failures.length;
    if (clean) this.record(true, `${this.label} ${clean} page(s) without serious/critical axe violations`);
  }
}

/**
 * Methods after which the page is somewhere new (or again somewhere): audited once they are done. waitForLoadState
 * ("networkidle": the harness's settle) catches a redirect that followed a form a journey waited on by its route.
 */
const ARRIVALS = new Set(["goto", "reload", "goBack", "goForward", "waitForURL", "waitForLoadState"]);
/**
 * Methods before which the page is audited if it was not yet (a page reached by a plain click, or whose address the app
 * changed): those that leave it or may, and a screenshot, which a journey takes of a page it has looked at.
 */
const BEFORE = new Set(["goto", "reload", "goBack", "goForward", "screenshot", "close"]);
const LOCATOR_ACTIONS = new Set([
  "click",
  "dblclick",
  "tap",
  "press",
  "check",
  "uncheck",
  "setChecked",
  "selectOption",
  "dispatchEvent",
]);
/** Playwright's bundle names its class `_Locator`. */
const isLocator = (value: unknown): value is Locator =>
  /^_?Locator$/.test((value as { constructor?: { name?: string } } | null)?.constructor?.name ?? "");

/** A locator of the page whose actions audit the page first, as do the locators made from it. */
function auditedLocator(locator: Locator, page: Page, audit: ContextAudit): Locator {
  return new Proxy(locator, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof property === "string" && LOCATOR_ACTIONS.has(property)) {
        return async (...args: unknown[]) => {
          await audit.audit(page);
          return method.apply(target, args);
        };
      }
      return (...args: unknown[]) => {
        const result = method.apply(target, args);
        return isLocator(result) ? auditedLocator(result, page, audit) : result;
      };
    },
  });
}

/**
 * The browser the journeys get: each context it opens audits every page its pages visit with axe-core, once per address
 * and context, when a journey arrives there (page.goto, reload, goBack, goForward, waitForURL after a click or a
 * submit, waitForLoadState) and, for a page reached otherwise, before its screenshot, before a click or a key press
 * that may take it elsewhere, before it is left by one of those or when it is closed. Serious and critical violations
 * are failures, reported when the context closes.
 */
export function auditEveryPage(browser: Browser, record: Report): Browser {
  const pages = new WeakMap<Page, Page>();
  const contexts = new WeakMap<BrowserContext, BrowserContext>();
  let audited: Browser;

  const wrapPage = (page: Page, context: BrowserContext, audit: ContextAudit): Page => {
    const known = pages.get(page);
    if (known) return known;
    audit.watch(page);
    const proxy = new Proxy(page, {
      get(target, property) {
        if (property === "context") return () => context;
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        const method = value as (...args: unknown[]) => unknown;
        if (typeof property === "string" && (ARRIVALS.has(property) || BEFORE.has(property))) {
          return async (...args: unknown[]) => {
            if (BEFORE.has(property)) await audit.audit(target);
            const result = await method.apply(target, args);
            if (ARRIVALS.has(property)) await audit.audit(target);
            return result;
          };
        }
        return (...args: unknown[]) => {
          const result = method.apply(target, args);
          return isLocator(result) ? auditedLocator(result, target, audit) : result;
        };
      },
    });
    pages.set(page, proxy);
    return proxy;
  };

  const wrapContext = (context: BrowserContext, options: BrowserContextOptions | undefined): BrowserContext => {
    const known = contexts.get(context);
    if (known) return known;
    const audit = new ContextAudit(options, record);
    let closing: Promise<void> | null = null;
    const proxy: BrowserContext = new Proxy(context, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === "browser") return () => audited;
        if (property === "newPage") return async () => wrapPage(await target.newPage(), proxy, audit);
        if (property === "pages") return () => target.pages().map((page) => wrapPage(page, proxy, audit));
        if (property === "close") {
          return (...args: Parameters<BrowserContext["close"]>) => {
            closing ??= (async () => {
              for (const page of target.pages()) await audit.audit(page);
              audit.report();
              await target.close(...args);
            })();
            return closing;
          };
        }
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    contexts.set(context, proxy);
    return proxy;
  };

  audited = new Proxy(browser, {
    get(target, property) {
      if (property === "newContext") {
        return async (options?: BrowserContextOptions) => wrapContext(await target.newContext(options), options);
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return audited;
}

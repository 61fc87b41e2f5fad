// The bench's Lighthouse item (issue 11): Lighthouse 13's mobile audit (its default: an emulated phone, simulated slow
// 4G and a 4x slower CPU) of the home, a category and a product page of three brands, run on Debian's Chromium, three
// times each, the median kept. The
// pages are served by the running app behind a local front that does what the edge does for a browser: it compresses
// text (brotli, else gzip) and passes the caching headers through, so the browser caches what it may. The category and
// the product are the first ones the brand's home and that category link to. `node bench/lighthouse.ts <app port>`
// runs it alone against a server already running (npm start).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const HOST = "127.0.0.1";
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** The brands audited: a WPX brand in its default locale, another in its own, and the other theme (TZ). */
export const LIGHTHOUSE_BRANDS = ["WPX-ES", "WPX-PL", "TZ-ES"] as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Audits of each page, the one with the median performance score kept: Lighthouse's own advice on its variability
 * (its docs/variability.md: run several times, take the median), as one audit of a page moved by up to a tenth.
 */
const AUDITS_PER_PAGE = 3;

export type LighthouseRun = {
  brand: string;
  page: "home" | "category" | "product";
  url: string;
  /** The performance score of each audit of the page, in the order they ran; the rest is the median audit's. */
  performanceRuns: number[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Audits of the three non-performance categories that did not pass: what keeps a score under 100. */
  failing: string[];
};

/** The local front: every request to the app at `appPort`, its Host kept, text answers compressed as the edge does. */
function compressingFront(appPort: number): Promise<{ server: Server; port: number }> {
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: HOST,
        port: appPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (answer: IncomingMessage) => {
        const headers = { ...answer.headers };
        const accepts = String(incoming.headers["accept-encoding"] ?? "");
        const type = String(headers["content-type"] ?? "");
        const encoding =
          !COMPRESSIBLE.test(type) || headers["content-encoding"]
            ? null
            : /\bbr\b/.test(accepts)
              ? "br"
              : /\bgzip\b/.test(accepts)
                ? "gzip"
                : null;
        if (!encoding) {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
          return;
        }
        delete headers["content-length"];
        headers["content-encoding"] = encoding;
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        // The edge compresses on the fly at a middle level; brotli 5 is what a CDN's dynamic compression uses.
        answer
          .pipe(
            encoding === "br"
              ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
              : createGzip({ level: 6 }),
          )
          .pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, HOST, () => resolve({ server, port: (server.address() as { port: number }).port })),
  );
}

async function audit(url: string, port: number) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = CATEGORIES.filter((id) => id !== "performance").flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    failing,
  };
}

/** Audits the home, a category and a product page of each brand through the compressing front. */
export async function measureLighthouse(appPort: number): Promise<LighthouseRun[]> {
  const front = await compressingFront(appPort);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const runs: LighthouseRun[] = [];
    for (const brand of LIGHTHOUSE_BRANDS) {
      const host = `${brand.toLowerCase()}.localhost`;
      // The pages are found through the app itself (the Host names the brand), then audited through the front.
      const category = firstLink(await get(appPort, "/", host), /rounded-card/, (href) => href !== "/offers");
      const product = category && firstLink(await get(appPort, category, host), /after:inset-0/);
      if (!category || !product)
        throw new Error(`${brand}: no category tile on its home, or no product card on ${category}`);
      for (const [page, path] of [
        ["home", "/"],
        ["category", category],
        ["product", product],
      ] as const) {
        // One visit first, so the audit finds the page in the edge cache as most visitors do (the browser starts cold).
        await get(front.port, path, host);
        const url = `http://${host}:${front.port}${path}`;
        const audits: Awaited<ReturnType<typeof audit>>[] = [];
        for (let round = 0; round < AUDITS_PER_PAGE; round++) audits.push(await audit(url, chrome.port));
        const median = audits.toSorted((a, b) => a.scores.performance - b.scores.performance)[audits.length >> 1]!;
        runs.push({ brand, page, url, performanceRuns: audits.map((one) => one.scores.performance), ...median });
      }
    }
    return runs;
  } finally {
    chrome.kill();
    front.server.close();
  }
}

/** A page's text, asked of `port` with the brand's `host` (Node's fetch cannot set Host). */
function get(port: number, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ask = httpRequest({ host: HOST, port, path, headers: { host: `${host}:${port}` } }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (body += chunk));
      answer.on("end", () => resolve(body));
    });
    ask.setTimeout(20_000, () => ask.destroy(new Error(`GET ${path} (Host ${host}): no answer within 20 s`)));
    ask.on("error", reject);
    ask.end();
  });
}

/** The first link whose tag matches `pattern` (the app's own markup: a category tile, a product card) and `wanted`. */
function firstLink(html: string, pattern: RegExp, wanted: (href: string) => boolean = () => true): string | null {
  for (const [tag] of html.matchAll(/<a [^>]*>/g)) {
    const href = /href="(\/[^"]*)"/.exec(tag)?.[1];
    if (href && pattern.test(tag) && wanted(href)) return href;
  }
  return null;
}

if (import.meta.main) {
  const runs = await measureLighthouse(Number(process.argv[2] ?? 8787));
  for (const run of runs) console.log(JSON.stringify(run));
}

import type { Browser, BrowserContext } from "playwright-core";
import { translator } from "../buying/journey.ts";
import { errorsSince, message, part, type Harness, type Part } from "../harness.ts";
import type { Journey, Plan } from "./journey.ts";
import { shotPath } from "./journey.ts";
import { buy } from "./order-steps.ts";
import { editorPagePictures, printedPagesMatchEditor } from "./page-print-steps.ts";
import {
  bookAutoFill,
  bookReorderAndLayout,
  bookSaveReopen,
  bookToCart,
  calendarAutoFill,
  calendarNextYear,
  calendarToCart,
} from "./pages-steps.ts";

// Products of many pages in the browser (issue 26): a WPX-ES photo book (article 204) made from 30 photos on a desktop,
// bought, its print file checked page by page against the editor's drawing of each page; and a calendar (articles 105
// and 505) for next year in Polish on a phone and in French on a desktop, the French one bought and its print file
// checked the same way.
// Part of E2E_ONLY=creator; E2E_ONLY=creator-pages runs these alone.

type PagesPlan = Plan & { country: string; steps: Array<[string, (j: Journey) => Promise<string | void>]> };
/** Where the bought ones are delivered (the checkout checks each country's postcode). */
const ADDRESSES = {
  ES: { street: "Gran Vía, 30", postcode: "28013", city: "Madrid" },
  PL: { street: "ul. Marszałkowska 10", postcode: "00-950", city: "Warszawa" },
  FR: { street: "12 rue de Rivoli", postcode: "75001", city: "Paris" },
};

const CALENDAR_BOUGHT: PagesPlan["steps"] = [
  ["13 photos auto-filled into the cover and the twelve months", calendarAutoFill],
  ["each page drawn by the editor (its thumbnail's drawing, larger)", editorPagePictures],
  ["named and added to the cart", calendarToCart],
  ["signed in, checked out and paid in the sandbox", buy],
  [
    "the print file: cover and twelve months with their grids, each like the editor's (pdftoppm)",
    printedPagesMatchEditor,
  ],
];

const PAGES_PLANS: PagesPlan[] = [
  {
    slug: "WPX-ES",
    locale: "es",
    prefix: "",
    articleId: 204,
    viewport: "desktop",
    axe: false,
    address: ADDRESSES.ES,
    country: "ES",
    steps: [
      ["a photo book: 30 photos uploaded to the tray, auto-fill places them page after page", bookAutoFill],
      ["a page moved with its button and dragged back; one page laid out with four photos", bookReorderAndLayout],
      ["saved, reopened on its first page with every page as it was", bookSaveReopen],
      ["each page drawn by the editor (its thumbnail's drawing, larger)", editorPagePictures],
      ["added to the cart past the empty-frame warning, which names the empty page", bookToCart],
      ["signed in, checked out and paid in the sandbox", buy],
      ["the print file: cover and every inner page, each like the editor's (pdftoppm)", printedPagesMatchEditor],
    ],
  },
  ...(
    [
      ["WPX-PL", "pl", 105, "phone", "PL"],
      ["WPX-FR", "fr", 505, "desktop", "FR"],
    ] as const
  ).map(
    ([slug, locale, articleId, viewport, country]): PagesPlan => ({
      slug,
      locale,
      prefix: "",
      articleId,
      viewport,
      axe: false,
      address: ADDRESSES[country],
      country,
      steps: [
        [
          "a calendar for next year: months and days in the brand's language",
          (j: Journey) => calendarNextYear(j, country),
        ],
        // One of the two is bought and its print file checked page by page.
        ...(country === "FR" ? CALENDAR_BOUGHT : []),
      ],
    }),
  ),
];

async function runPagesPlan(h: Part, browser: Browser, port: number, plan: PagesPlan) {
  const label = `[${plan.slug} ${plan.viewport} creator pages]`;
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({
      viewport: h.viewports[plan.viewport],
      locale: "en-US",
      hasTouch: plan.viewport === "phone",
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const j: Journey = {
      h,
      page,
      plan,
      label,
      origin: `http://${plan.slug.toLowerCase()}.localhost:${port}`,
      t: translator(plan.locale),
      errors: h.trackErrors(page),
      designName: `E2E pages ${plan.slug} ${Date.now().toString(36)}`,
    };
    for (const [index, [name, run]] of plan.steps.entries()) {
      const ok = await h.check(`${label} ${index + 1} ${name}`, () => run(j));
      if (!ok) {
        await page.screenshot({ path: shotPath(j, `pages-${index + 1}-failed`) }).catch(() => undefined);
        break;
      }
    }
    await h.check(`${label} no console/page errors`, () => {
      const list = errorsSince(j.errors, 0);
      if (list.length) return `${list.length}: ${list.slice(0, 3).join(" | ")}`;
    });
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context?.close().catch(() => undefined);
  }
}

/** The journeys of products of many pages, as parts of the creator's run. */
export function pagesParts(h: Harness, browser: Browser, port: number) {
  return PAGES_PLANS.map((plan) => {
    const { p, flush } = part(h);
    return { run: () => runPagesPlan(p, browser, port, plan), flush };
  });
}

import { describe, expect, it } from "vitest";
import { BOOLEAN_FILTERS, PAGE_KINDS, RESOURCE_KINDS } from "@contract/api/enums";
import type { ContentBlock } from "@contract/api/content-blocks";
import blocksEn from "@locales/en/contact-delivery.json";
import blocksEs from "@locales/es/contact-delivery.json";
import designsEs from "@locales/es/saved-designs.json";
import { orderPlacedBy } from "../setup/account-orders";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";
import { productApi } from "../setup/product-api";
import { savedDesign } from "../setup/saved-designs";
import { pageText as text } from "./html";

/** The items of the block a page shows, as the server wrote them: products, links and folded answers. */
function shownBlock(html: string, pageKind: string) {
  const start = html.indexOf(`data-testid="content-block-${pageKind}"`);
  if (start < 0) return null;
  const block = html.slice(
    start,
    html.indexOf(
      "</section>",
      html.lastIndexOf("content-block-tabs") > start ? html.indexOf("content-block-tabs", start) : start,
    ),
  );
  return {
    heading: text(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(html.slice(start))?.[1] ?? "").trim(),
    articles: (block.match(/data-testid="price"/g) ?? []).length,
    links: [...block.matchAll(/data-testid="content-block-resources"[\s\S]*?<\/ul>/g)].flatMap((list) =>
      [...list[0].matchAll(/href="([^"]+)"/g)].map((match) => match[1]!),
    ),
    tabs: (html.slice(start).match(/<details/g) ?? []).length,
  };
}

describe("the content blocks of the page kinds", () => {
  it("models the spec's resource kinds, page kinds and boolean filter", () => {
    expect(RESOURCE_KINDS).toEqual(["RESOURCE", "TAB", "ARTICLE"]);
    expect(PAGE_KINDS).toEqual(["404", "SEARCH_PAGE", "CART"]);
    expect(BOOLEAN_FILTERS).toEqual(["ALL", "true", "false"]);
  });

  it("are answered by the product API per site and locale, each item of a resource kind with its texts", async () => {
    for (const pageKind of PAGE_KINDS) {
      const spanish = await productApi(`/catalog/content-blocks/${pageKind}`, {
        query: { site: "WPX-ES", locale: "es" },
      });
      expect(spanish.status).toBe(200);
      const block = spanish.body as unknown as ContentBlock;
      expect(block.pageKind).toBe(pageKind);
      expect(block.items.length).toBeGreaterThan(3);
      for (const item of block.items) expect(RESOURCE_KINDS).toContain(item.kind);
      expect(
        block.items
          .filter((item) => item.kind === "ARTICLE")
          .every((item) => item.kind === "ARTICLE" && item.article.site === "WPX-ES"),
      ).toBe(true);
    }
    const notFound = (await productApi("/catalog/content-blocks/404", { query: { site: "WPX-PL", locale: "pl" } }))
      .body as unknown as ContentBlock;
    expect(new Set(notFound.items.map((item) => item.kind))).toEqual(new Set(["RESOURCE", "ARTICLE", "TAB"]));
    const tab = notFound.items.find((item) => item.kind === "TAB")!;
    expect(tab).toMatchObject({ kind: "TAB", path: expect.stringMatching(/^\/help-center\/topic\/[a-z0-9-]+_33$/) });
    const english = (await productApi("/catalog/content-blocks/404", { query: { site: "WPX-PL", locale: "en" } }))
      .body as unknown as ContentBlock;
    expect(english.items.find((item) => item.kind === "TAB")).toMatchObject({ title: "How do I track my order?" });
  });

  it("refuses a page kind the spec does not name, and a site without its parameters, with a 400", async () => {
    expect((await productApi("/catalog/content-blocks/HOME", { query: { site: "WPX-ES", locale: "es" } })).status).toBe(
      400,
    );
    expect((await productApi("/catalog/content-blocks/CART", { query: { locale: "es" } })).status).toBe(400);
  });

  it("shows the 404 block on the server-rendered not-found page, with its data for the browser", async () => {
    const response = await visit("/esto-no-existe/de-verdad");
    expect(response.status).toBe(404);
    const html = await response.text();
    const block = shownBlock(html, "404");
    expect(block).toMatchObject({ heading: blocksEs.contentBlocks["404"], articles: 4, tabs: 2 });
    expect(block!.links).toHaveLength(3);
    expect(html).toMatch(/<script type="application\/json" id="not-found-block">\{"pageKind":"404"/);
    const english = shownBlock(await (await visit("/en/missing-page")).text(), "404");
    expect(english?.heading).toBe(blocksEn.contentBlocks["404"]);
    expect(english!.links.every((link) => link.startsWith("/en/"))).toBe(true);
  });

  it("shows the search page's block under the results, and the cart's under the cart", async () => {
    const search = shownBlock(await (await visit("/search?query=taza")).text(), "SEARCH_PAGE");
    expect(search).toMatchObject({ heading: blocksEs.contentBlocks.SEARCH_PAGE, articles: 4, tabs: 2 });
    expect(search!.links.every((link) => link.startsWith("/t/"))).toBe(true);
    const { cookie } = await sessionWithCart();
    const cartHtml = await (await visit("/cart", { cookie })).text();
    const cart = shownBlock(cartHtml, "CART");
    expect(cart).toMatchObject({ heading: blocksEs.contentBlocks.CART, tabs: 4 });
    // The popular products, but not one the cart holds already (the mug, 203, is among WPX-ES's most popular).
    const popular = (await productApi("/catalog/content-blocks/CART", { query: { site: "WPX-ES", locale: "es" } }))
      .body as unknown as ContentBlock;
    const suggested = popular.items.flatMap((item) => (item.kind === "ARTICLE" ? [item.article.id] : []));
    expect(cart!.articles).toBe(suggested.filter((id) => id !== 203).length);
  });
});

describe("the boolean filters of the account's lists", () => {
  const listed = (html: string) =>
    [...html.matchAll(/data-testid="account-order" data-public-id="([^"]+)"/g)].map((match) => match[1]!);

  it("filters the orders by whether they are paid, in the URL, each value named in the select", async () => {
    const shopper = await accountIn();
    const paid = await orderPlacedBy(shopper, { paymentStatus: "PAID" });
    const waiting = await orderPlacedBy(shopper, {
      paymentStatus: "PENDING",
      createdAt: new Date(Date.now() - 7_200_000),
    });
    const cookie = await signedInAs(shopper);
    const all = await (await visit("/accounts/orders", { cookie })).text();
    expect(listed(all)).toEqual([paid.publicId, waiting.publicId]);
    const select = /<select name="paid"[\s\S]*?<\/select>/.exec(all)![0];
    expect([...select.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)</g)].map((match) => [match[1], match[2]])).toEqual(
      BOOLEAN_FILTERS.map((filter) => [filter, blocksEs.booleanFilters.paid[filter]]),
    );
    expect(listed(await (await visit("/accounts/orders?paid=true", { cookie })).text())).toEqual([paid.publicId]);
    expect(listed(await (await visit("/accounts/orders?paid=false", { cookie })).text())).toEqual([waiting.publicId]);
    expect(listed(await (await visit("/accounts/orders?paid=ALL", { cookie })).text())).toEqual([
      paid.publicId,
      waiting.publicId,
    ]);
    // A value the filter does not know shows every order, as the other filters do.
    expect(listed(await (await visit("/accounts/orders?paid=maybe", { cookie })).text())).toEqual([
      paid.publicId,
      waiting.publicId,
    ]);
    const none = await visit("/accounts/orders?paid=true&date_filter=last_year", { cookie });
    expect(text(await none.text())).toContain(blocksEs.booleanFilters.paid.empty);
  });

  it("refuses a filter value the product API does not know with a 400", async () => {
    const shopper = await accountIn();
    const answer = await productApi("/orders", { query: { site: "WPX-ES", account_id: shopper.id, paid: "yes" } });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toContain("paid");
  });

  it("filters the designs admin by whether an order holds the design", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const printed = await savedDesign(staff, { name: "Tazas del equipo" });
    await savedDesign(master, { name: "Boceto sin pedir" });
    const order = await orderPlacedBy(staff, { paymentStatus: "PAID" });
    await testEnv.STORE_DB.prepare("UPDATE order_lines SET design_id = ? WHERE order_id = ?")
      .bind(printed, order.id)
      .run();
    const cookie = await signedInAs(master);
    const page = async (query: string) =>
      text(await (await visit(`/accounts/designs/admin${query}`, { cookie })).text());
    const ordered = await page("?ordered=true");
    expect(ordered).toContain("Tazas del equipo");
    expect(ordered).not.toContain("Boceto sin pedir");
    const never = await page("?ordered=false");
    expect(never).toContain("Boceto sin pedir");
    expect(never).not.toContain("Tazas del equipo");
    const all = await page("?ordered=ALL");
    expect(all).toContain("Tazas del equipo");
    expect(all).toContain("Boceto sin pedir");
    expect(await page("?ordered=false&scope=GROUP_APPLICATIONS")).toContain(designsEs.savedDesigns.admin.emptyFiltered);
  });
});

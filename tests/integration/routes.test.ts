import { describe, expect, it } from "vitest";
import { visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";
import { errorMessage, h1 } from "./html";

const validPages = [
  "/",
  "/cart",
  "/fotolibros-y-calendarios",
  "/fotolibro",
  "/offers",
  "/search?query=taza",
  "/contact",
  "/reviews",
  "/about-us",
  "/t/boda",
  "/tags-list",
  "/newsletter",
  "/unsubscribe",
  "/tracking",
  "/help-center",
  "/help-center/topic/12",
  "/help-center/topic/envios-y-entregas_12",
  "/help-center/category/3",
  "/design/confeti-de-cumpleanos/d-202-birthday-confetti",
  "/designs/lienzo-personalizado/202",
  "/create/206",
  "/create/19999",
  "/login",
  "/login/password-reset",
];
// /order-completed needs an order of the visitor's session (else it redirects to /tracking): tests/integration/orders.test.ts.
/** The same pages in English, where a slug is translated. */
const english: Record<string, string> = {
  "/fotolibros-y-calendarios": "/photo-books-and-calendars",
  "/t/boda": "/t/wedding",
  "/design/confeti-de-cumpleanos/d-202-birthday-confetti": "/design/birthday-confetti/d-202-birthday-confetti",
};

describe("every route answers with its layout and a real heading", () => {
  it.each(validPages)("%s", async (path) => {
    const response = await visit(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1(html)?.trim().length).toBeGreaterThan(0);
    expect(html).toContain('id="main"');
  });

  it.each(validPages.filter((path) => path !== "/"))("/en%s", async (path) => {
    const response = await visit(`/en${english[path] ?? path}`, { brand: "WPX-ES" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('lang="en"');
  });

  it("uses the master layout for shop pages, full-page for login, light for checkout, blank for the creator", async () => {
    const offers = await (await visit("/offers")).text();
    expect(offers).toContain('aria-label="Navegación principal"');
    const login = await (await visit("/login")).text();
    expect(login).not.toContain('aria-label="Navegación principal"');
    expect(login).toContain("bg-brand-soft");
    const { cookie } = await sessionWithCart();
    const checkout = await (await visit("/checkout", { cookie })).text();
    expect(checkout).not.toContain('aria-label="Navegación principal"');
    expect(checkout).toContain("Compra segura");
    const create = await (await visit("/create/206")).text();
    expect(create).toContain('data-layout="creator"');
    expect(create).not.toContain("<footer");
  });
});

const invalidParameters = [
  "/search",
  "/search?query=",
  "/search?query=%20%20",
  "/help-center/topic/envios",
  "/help-center/topic/envios_",
  "/help-center/topic/12a",
  "/help-center/category/envios",
  "/help-center/category/12_3",
  "/designs/taza-magica/abc",
  "/designs/taza-magica/2o6",
  "/create/20000",
  "/create/123456",
  "/create/abc",
  "/tracking/not%20an%20id",
  "/tracking/%3Cscript%3E/user_required_actions/1",
];

describe("invalid route parameters give the fatal 404 'Page Not Found'", () => {
  it.each(invalidParameters)("%s", async (path) => {
    const response = await visit(path);
    expect(response.status).toBe(404);
    expect(errorMessage(await response.text())).toBe("Page Not Found");
  });

  it("keeps the locale prefix rules on invalid parameters too", async () => {
    const response = await visit("/en/create/20000", { brand: "WPX-CZ" });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(errorMessage(html)).toBe("Page Not Found");
    expect(html).toContain('lang="en"');
  });
});

// Over-long slugs and numbers no record can have are parameters the product API refuses: still the spec's 404.
const LONG = "a".repeat(300);
const HUGE = "9".repeat(40);
const refusedUpstream = [
  `/${LONG}`,
  `/en/${LONG}`,
  `/t/${LONG}`,
  `/designs/${LONG}/201`,
  `/designs/taza/${HUGE}`,
  `/help-center/topic/${HUGE}`,
  `/help-center/topic/envios_${HUGE}`,
  `/help-center/category/${HUGE}`,
  `/design/taza/${LONG}`,
];

describe("parameters the product API would refuse give the fatal 404, never 500", () => {
  it.each(refusedUpstream.map((path) => [path.slice(0, 40), path]))("%s…", async (_label, path) => {
    const response = await visit(path);
    expect(response.status).toBe(404);
    expect(errorMessage(await response.text())).toBe("Page Not Found");
  });
});

describe("a path no route matches", () => {
  it.each(["/a/b/c", "/help-center/topic/12/more", "/en/a/b/c", "/design/taza/"])(
    "%s is 404 'Page not found: {path}'",
    async (path) => {
      const response = await visit(path);
      expect(response.status).toBe(404);
      expect(errorMessage(await response.text())).toBe(`Page not found: ${path}`);
    },
  );
});

import { describe, expect, it } from "vitest";
import { brandBySlug, type BrandSlug } from "@contract/brands/brands";
import en from "@locales/en/contact-delivery.json";
import es from "@locales/es/contact-delivery.json";
import pl from "@locales/pl/contact-delivery.json";
import checkoutEn from "@locales/en/checkout.json";
import { accountIn, signedInAs } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { location, outboxFor } from "../setup/orders";
import { productApi } from "../setup/product-api";
import { TEST_SECRETS } from "../setup/secrets";
import { pageText as text } from "./html";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

const email = () => `buyer.${crypto.randomUUID().slice(0, 8)}@example.com`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const QUOTE = {
  intent: "quote",
  company: "Cervezas del Norte S.L.",
  phone: "+34 600 123 456",
  products: "Tazas con nuestro logotipo",
  quantity: "250",
  deadline: inDays(30),
  arrangement: "MANAGED",
  message: "Entrega en tres tiendas de Bilbao.",
  website: "",
};

/** The channel cards a page shows, by their channel, in order. */
const channelsOf = (html: string) => [...html.matchAll(/data-channel="([A-Za-z]+)"/g)].map((match) => match[1]);

async function quotesOf(to: string) {
  return (
    await testEnv.STORE_DB.prepare(`SELECT t.public_id AS publicId, t.kind, t.status, t.account_id AS accountId, t.subject, q.company, q.quantity, q.deadline, q.arrangement, q.quote_status AS quoteStatus
    FROM tickets t LEFT JOIN ticket_quotes q ON q.ticket_id = t.id WHERE t.email = ? ORDER BY t.id`)
      .bind(to)
      .all<Record<string, string | number | null>>()
  ).results;
}

/** Support's side, as `npm run ticket:reply` calls it. */
function operator(publicId: string, path: string, fields: Record<string, string>) {
  return testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal/operator/tickets/${publicId}/${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
    }),
  );
}

describe("the contact channels", () => {
  it("offers on /contact every channel the brand's config lists, and no other", async () => {
    for (const slug of ["WPX-ES", "WPX-DK", "TZ-ES"] as BrandSlug[]) {
      const html = await (await visit("/contact", { brand: slug })).text();
      expect(channelsOf(html)).toEqual(brandBySlug(slug)!.contactChannels);
    }
    const spanish = text(await (await visit("/contact")).text());
    for (const channel of ["helpCenter", "formContact", "formContactRequestBudget", "chat"] as const)
      expect(spanish).toContain(es.contactChannels[channel].title);
  });

  it("offers them in the help centre too, beside its own answers", async () => {
    const html = await (await visit("/en/help-center", { brand: "WPX-PL" })).text();
    expect(channelsOf(html)).toEqual(["formContact", "formContactRequestBudget", "chat"]);
    expect(channelsOf(await (await visit("/help-center", { brand: "WPX-DK" })).text())).toEqual([
      "formContact",
      "formContactRequestBudget",
    ]);
  });

  it("has no quote form where the brand takes no quote requests", async () => {
    expect((await visit("/contact?form=quote", { brand: "TZ-ES" })).status).toBe(404);
    const to = email();
    // Posted anyway: refused, and the page is the brand's 404.
    const refused = await visit("/contact?form=quote", {
      brand: "TZ-ES",
      ...form({ ...QUOTE, name: "Ana", email: to }),
    });
    expect(refused.status).toBe(404);
    expect(await quotesOf(to)).toEqual([]);
    // Posted to the contact page itself, the form says so.
    const here = await visit("/contact", { brand: "TZ-ES", ...form({ ...QUOTE, name: "Ana", email: to }) });
    expect(here.status).toBe(404);
    expect(text(await here.text())).toContain(es.contactChannels.closed);
    expect(
      (
        await productApi("/tickets/quotes", {
          form: {
            site: "TZ-ES",
            locale: "es",
            site_url: "http://tz-es.localhost",
            name: "Ana",
            email: email(),
            ...QUOTE,
          },
        })
      ).status,
    ).toBe(400);
  });
});

describe("a company's quote request", () => {
  it("becomes a ticket of kind QUOTE for a guest, confirmed on the page and by e-mail", async () => {
    const to = email();
    const page = await (await visit("/contact?form=quote")).text();
    expect(page).toContain('name="intent" value="quote"');
    expect(text(page)).toContain(es.contactChannels.formContactRequestBudget.title);
    const response = await visit("/contact?form=quote", form({ ...QUOTE, name: "Lucía Pérez", email: to }));
    expect(response.status).toBe(200);
    const [quote] = await quotesOf(to);
    expect(quote).toMatchObject({
      kind: "QUOTE",
      status: "PENDING",
      accountId: null,
      company: "Cervezas del Norte S.L.",
      quantity: 250,
      deadline: QUOTE.deadline,
      arrangement: "MANAGED",
      quoteStatus: null,
    });
    expect(quote!.subject).toBe("250 × Tazas con nuestro logotipo");
    const shown = text(await response.text());

    expect(shown).toContain(es.quotes.sent.email.replace("{{email}}", to));
    const [mail] = await outboxFor(to);
    expect(mail).toMatchObject({ kind: "ticket-created", subject: `Hemos recibido tu consulta ${quote!.publicId}` });
  });

  it("refuses a broken or absurd request with translated field errors, keeping what was typed, and stores nothing", async () => {
    const to = email();
    const refused = await visit(
      "/en/contact?form=quote",
      form({
        ...QUOTE,
        name: "Ana",
        email: to,
        company: "x".repeat(201),
        quantity: "1000000",
        deadline: inDays(-1),
        arrangement: "TELEPORT",
        phone: "call me",
        products: "a",
      }),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const page = text(html);
    for (const message of ["quantity", "deadlinePast", "arrangement", "productsRequired"] as const)
      expect(page).toContain(en.quotes.errors[message]);
    expect(page).toContain(checkoutEn.checkout.errors.phone);
    expect(page).toContain("This is too long.");
    expect(html).toContain('value="1000000"');
    const more = text(
      await (
        await visit(
          "/contact?form=quote",
          form({ ...QUOTE, name: "Ana", email: to, quantity: "doce", deadline: "2026-02-30" }),
        )
      ).text(),
    );
    expect(more).toContain(es.quotes.errors.quantity);
    expect(more).toContain(es.quotes.errors.deadline);
    const far = text(
      await (
        await visit(
          "/contact?form=quote",
          form({ ...QUOTE, name: "Ana", email: to, quantity: "0", deadline: inDays(400) }),
        )
      ).text(),
    );
    expect(far).toContain(es.quotes.errors.deadlineFar);
    expect(far).toContain(es.quotes.errors.quantity);
    expect(await quotesOf(to)).toEqual([]);
  });

  it("answers a body that is no form, or a broken one, with a 4xx and a message, and refuses another site's form", async () => {
    const json = await visit("/contact?form=quote", {
      method: "POST",
      body: JSON.stringify(QUOTE),
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
    const broken = await visit("/contact?form=quote", {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    const victim = email();
    const crossSite = await visit("/contact?form=quote", {
      ...form({ ...QUOTE, name: "Ana", email: victim }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.status).toBeLessThan(500);
    expect(await quotesOf(victim)).toEqual([]);
    const api = await productApi("/tickets/quotes", {
      form: {
        site: "WPX-ES",
        locale: "es",
        site_url: "http://wpx-es.localhost",
        name: "Ana",
        email: email(),
        ...QUOTE,
        quantity: "-3",
      },
    });
    expect(api.status).toBe(400);
    expect(api.body.fieldErrors).toMatchObject({ quantity: "quotes.errors.quantity" });
  });

  it("tells a bot that filled the hidden field it worked, and stores nothing", async () => {
    const to = email();
    const response = await visit(
      "/contact?form=quote",
      form({ ...QUOTE, name: "Bot", email: to, website: "https://spam.example" }),
    );
    expect(response.status).toBe(200);
    expect(await quotesOf(to)).toEqual([]);
  });

  it("sends a signed-in customer to the account's quote form, where the request is a ticket the customer follows", async () => {
    const account = await accountIn("WPX-PL");
    const cookie = await signedInAs(account);
    const redirected = await visit("/contact?form=quote&arrangement=MANAGED", { brand: "WPX-PL", cookie });
    expect(location(redirected)).toBe("/accounts/tickets?new=quote&arrangement=MANAGED");
    const formPage = await (await visit("/accounts/tickets?new=quote", { brand: "WPX-PL", cookie })).text();
    expect(text(formPage)).toContain(pl.quotes.form.intro);
    expect(formPage).not.toContain('name="email"');
    const created = await visit("/accounts/tickets", {
      brand: "WPX-PL",
      cookie,
      ...form({ ...QUOTE, arrangement: "SEND" }),
    });
    expect(created.status).toBe(303);
    const publicId = /\/accounts\/tickets\/(TK-[A-Z0-9]{8})\?done=created$/.exec(location(created))![1]!;
    const [quote] = await quotesOf(account.email);
    expect(quote).toMatchObject({ kind: "QUOTE", accountId: account.id, arrangement: "SEND" });
    const list = await (await visit("/accounts/tickets", { brand: "WPX-PL", cookie })).text();
    expect(list).toMatch(/data-testid="quote-status" data-status="requested"/);
    const thread = async () => (await visit(`/accounts/tickets/${publicId}`, { brand: "WPX-PL", cookie })).text();
    let html = await thread();
    expect(html).toContain('data-testid="quote-details"');
    // Nothing to accept before support has answered with a price.
    expect(html).not.toContain('data-testid="quote-accept"');
    const early = await visit(`/accounts/tickets/${publicId}`, {
      brand: "WPX-PL",
      cookie,
      ...form({ intent: "quote", status: "8" }),
    });
    expect(early.status).toBe(409);
    expect(text(await early.text())).toContain(pl.quotes.errors.cannotMove);
    expect(
      (
        await operator(publicId, "replies", {
          message: "250 kubków: 1 990 zł netto, dostawa w 10 dni.",
          site_url: "http://wpx-pl.localhost",
        })
      ).status,
    ).toBe(201);
    html = await thread();
    expect(html).toContain('data-testid="quote-accept"');
    const accepted = await visit(`/accounts/tickets/${publicId}`, {
      brand: "WPX-PL",
      cookie,
      ...form({ intent: "quote", status: "8" }),
    });
    expect(location(accepted)).toBe(`/accounts/tickets/${publicId}?done=quote8`);
    html = await thread();
    expect(html).toMatch(/data-testid="quote-status" data-status="8"/);
    expect(text(html)).toContain(pl.quotes.status["8"]);
    expect((await quotesOf(account.email))[0]).toMatchObject({ quoteStatus: 8, status: "PENDING" });
    // The customer cannot complete it; support can, and then it is final.
    expect(
      (
        await visit(`/accounts/tickets/${publicId}`, {
          brand: "WPX-PL",
          cookie,
          ...form({ intent: "quote", status: "5" }),
        })
      ).status,
    ).toBe(400);
    expect((await operator(publicId, "quote-status", { status: "5" })).status).toBe(200);
    expect((await quotesOf(account.email))[0]).toMatchObject({ quoteStatus: 5, status: "RESOLVED" });
    expect((await operator(publicId, "quote-status", { status: "100" })).status).toBe(409);
    expect((await operator(publicId, "quote-status", { status: "7" })).status).toBe(400);
  });

  it("lets nobody else move or see another account's quote", async () => {
    const owner = await accountIn("WPX-PL");
    const created = await visit("/accounts/tickets", {
      brand: "WPX-PL",
      cookie: await signedInAs(owner),
      ...form(QUOTE),
    });
    const publicId = /(TK-[A-Z0-9]{8})/.exec(location(created))![1]!;
    const stranger = await signedInAs(await accountIn("WPX-PL"));
    expect((await visit(`/accounts/tickets/${publicId}`, { brand: "WPX-PL", cookie: stranger })).status).toBe(404);
    expect(
      (
        await visit(`/accounts/tickets/${publicId}`, {
          brand: "WPX-PL",
          cookie: stranger,
          ...form({ intent: "quote", status: "100" }),
        })
      ).status,
    ).toBe(404);
    expect((await quotesOf(owner.email))[0]).toMatchObject({ quoteStatus: null });
  });
});

describe("the chat", () => {
  it("loads nothing of its provider until asked: the page offers to start it and says who provides it", async () => {
    const response = await visit("/contact");
    const html = await response.text();
    expect(html).toMatch(
      /<a[^>]*data-testid="chat-start"[^>]*href="\/contact\?chat=start"|<a[^>]*href="\/contact\?chat=start"[^>]*data-testid="chat-start"/,
    );
    expect(text(html)).toContain(es.contactChannels.chat.note.replace("{{provider}}", "Tawk.to"));
    expect(html).not.toMatch(/<script[^>]*src="https:\/\/embed\.tawk\.to/);
    expect(response.headers.get("content-security-policy")).not.toContain("tawk.to");
  });

  it("allows its provider only on a page opened to start it, of a brand that has a chat", async () => {
    const started = await visit("/en/help-center?chat=start", { brand: "TZ-ES" });
    const policy = started.headers.get("content-security-policy")!;
    expect(policy).toMatch(/script-src [^;]*https:\/\/embed\.tawk\.to/);
    expect(policy).toMatch(/connect-src [^;]*wss:\/\/\*\.tawk\.to/);
    expect(await started.text()).toMatch(/data-testid="chat-state" data-state="loading"/);
    const none = await visit("/contact?chat=start", { brand: "WPX-DK" });
    expect(none.headers.get("content-security-policy")).not.toContain("tawk.to");
    expect(await none.text()).not.toContain('data-channel="chat"');
  });
});

import { describe, expect, it } from "vitest";
import en from "@locales/en/accounts-home.json";
import es from "@locales/es/accounts-home.json";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { orderPlacedBy } from "../setup/account-orders";
import { visit } from "../setup/app";
import { callApi } from "../setup/product-api";
import { marketerIn } from "../setup/marketing-dashboard";
import { savedDesign } from "../setup/saved-designs";
import { literally, pageText, readableHtml } from "./html";

// /accounts/home: the greeting, the latest orders, open tickets, designs and shortcuts, each as the account may see them.

const home = async (cookie: string, path = "/en/accounts/home") =>
  pageText(await (await visit(path, { cookie })).text());

async function ticketFor(accountId: string, subject: string) {
  const answer = await callApi("/tickets", {
    site: "WPX-ES",
    locale: "en",
    site_url: "http://wpx-es.localhost",
    account_id: accountId,
    subject,
    message: "Could you check the colours of my print?",
  });
  expect(answer.status).toBe(201);
}

describe("the account's home", () => {
  it("greets the customer and shows the three latest orders, open tickets and designs", async () => {
    const account = await accountIn();
    const placed = [];
    for (let day = 4; day >= 1; day--)
      placed.push((await orderPlacedBy(account, { createdAt: new Date(Date.now() - day * 86_400_000) })).publicId);
    await ticketFor(account.id, "Colours of my print");
    await savedDesign(account, { name: "Taza de la abuela" });
    const text = await home(await signedInAs(account));
    expect(text).toContain("Hello, Eva");
    // Newest first, three of four, and the way to the rest.
    for (const publicId of placed.slice(1)) expect(text).toContain(`Order ${publicId}`);
    expect(text).not.toContain(`Order ${placed[0]}`);
    expect(text).toContain("All my orders (4)");
    expect(text).toContain("Open tickets: 1");
    expect(text).toContain("Colours of my print");
    expect(text).toContain("Taza de la abuela");
    expect(text).toContain("All my designs (1)");
  });

  it("shows a new account what to do next, in the page's language", async () => {
    const text = await home(await signedInAs(await accountIn()), "/accounts/home");
    expect(text).toContain("Hola, Eva");
    expect(text).toContain("Aún no tienes pedidos.");
    expect(text).toContain("Aún no has guardado ningún diseño.");
    expect(text).toContain("Escribir a atención al cliente");
  });

  it("leaves out what a staff member may not see, and the company's shortcuts are the master's", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["tickets"]);
    await orderPlacedBy(master);
    const staffText = await home(await signedInAs(staff));
    expect(staffText).not.toContain("Latest orders");
    expect(staffText).toContain("Open tickets: 0");
    expect(staffText).not.toContain("Company and staff");
    const masterText = await home(await signedInAs(master));
    expect(masterText).toContain("Latest orders");
    expect(masterText).toContain("Company and staff");
    expect(masterText).toContain("My commissions");
  });

  it("never shows another customer's orders or tickets", async () => {
    const mine = await accountIn();
    const theirs = await accountIn();
    const { publicId } = await orderPlacedBy(theirs);
    await ticketFor(theirs.id, "Their private question");
    const text = await home(await signedInAs(mine));
    expect(text).not.toContain(publicId);
    expect(text).not.toContain("Their private question");
  });

  it("shows the account's cart in the header, as it stands now", async () => {
    const account = await accountIn();
    const visitor = { site: "WPX-ES", ext_session_id: `s-${account.id}`, customer_id: account.id, locale: "en" };
    const cart = (await callApi("/carts", visitor)).body as { id: string };
    await callApi(`/carts/${cart.id}/lines`, { ...visitor, article_id: "203", quantity: "2" });
    const cookie = await signedInAs(account, {
      cartId: cart.id,
      fotiApiClient: { extSessionId: visitor.ext_session_id },
    });
    const count = async () =>
      /data-testid="cart-count"[^>]*>(\d+)</.exec(await (await visit("/en/accounts/home", { cookie })).text())?.[1];
    expect(await count()).toBe("2");
    await callApi(`/carts/${cart.id}/lines`, { ...visitor, article_id: "205", quantity: "3" });
    expect(await count()).toBe("5");
  });

  it("confirms a new password after a reset", async () => {
    const text = await home(await signedInAs(await accountIn()), "/en/accounts/home?notice=passwordChanged");
    expect(text).toContain("Your new password is saved and you are signed in.");
  });

  it("says why a page sent the account here, in an alert in the page's language; an unknown reason says nothing", async () => {
    const staff = await staffOf(await masterIn(), ["tickets"]);
    const cookie = await signedInAs(staff);
    // A staff member without the orders permission follows a link to the orders.
    const sent = await visit("/accounts/orders", { cookie });
    expect(sent.headers.get("location")).toBe("/accounts/home?refused=orders");
    const html = readableHtml(await (await visit(sent.headers.get("location")!, { cookie })).text());
    expect(html).toMatch(
      new RegExp(`role="alert"[^>]*data-testid="refusal-alert"[^>]*>${literally(es.accountHome.refused.orders)}</div>`),
    );
    const customer = await signedInAs(await accountIn());
    const invoices = await visit("/en/invoices", { cookie: customer });
    const target = invoices.headers.get("location")!;
    expect(target).toBe("/en/accounts/invoices");
    const list = await visit(target, { cookie: customer });
    expect(list.headers.get("location")).toBe("/en/accounts/home?refused=invoicesOnOrders");
    expect(readableHtml(await (await visit(list.headers.get("location")!, { cookie: customer })).text())).toContain(
      en.accountHome.refused.invoicesOnOrders,
    );
    for (const path of ["/en/accounts/home?refused=nonsense", "/en/accounts/home"]) {
      expect(await (await visit(path, { cookie: customer })).text(), path).not.toContain('data-testid="refusal-alert"');
    }
  });

  it("leads the shop's marketer to the marketing dashboard: its shortcut, the accounts menu and the header", async () => {
    const { cookie } = await marketerIn();
    const html = await (await visit("/en/accounts/home", { cookie })).text();
    const nav = /data-testid="accounts-nav".*?<\/nav>/s.exec(html)?.[0] ?? "";
    expect(nav).toContain('href="/en/marketing"');
    expect(/data-testid="home-shortcuts".*?<\/section>/s.exec(html)?.[0]).toContain('href="/en/marketing"');
    // The header: beside the account on a wider screen, in the menu on a phone.
    expect(/<a[^>]*data-testid="header-marketing"[^>]*>/.exec(html)?.[0]).toContain('href="/en/marketing"');
    expect(/<a[^>]*data-testid="menu-marketing"[^>]*>/.exec(html)?.[0]).toContain('href="/en/marketing"');
    // Nobody else is shown the way.
    const customer = await (await visit("/en/accounts/home", { cookie: await signedInAs(await accountIn()) })).text();
    expect(customer).not.toContain('href="/en/marketing"');
  });
});

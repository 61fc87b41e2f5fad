import { describe, expect, it } from "vitest";
import type { Account } from "@contract/api/accounts";
import type { BrandSlug } from "@contract/brands/brands";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { insertOrder, location, outboxFor } from "../setup/orders";
import { TEST_SECRETS } from "../setup/secrets";
import { pageText as text } from "./html";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

const email = () => `writer.${crypto.randomUUID().slice(0, 8)}@example.com`;
const MESSAGE = "Mi taza llegó con el asa rota. ¿Podéis enviarme otra?";

async function ticketsOf(to: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT public_id AS publicId, account_id AS accountId, subject, status, locale FROM tickets WHERE email = ? ORDER BY id",
    )
      .bind(to)
      .all<{ publicId: string; accountId: string | null; subject: string; status: string; locale: string }>()
  ).results;
}

/** A ticket opened from the account's page, as the customer does it; returns its number. */
async function openTicket(cookie: string, fields: Record<string, string> = {}, brand: BrandSlug = "WPX-ES") {
  const response = await visit("/accounts/tickets", {
    brand,
    cookie,
    ...form({ subject: "Taza rota", message: MESSAGE, ...fields }),
  });
  expect(response.status).toBe(303);
  const [, publicId] = /^\/accounts\/tickets\/(TK-[A-Z0-9]{8})\?done=created$/.exec(location(response)) ?? [];
  expect(publicId).toBeTruthy();
  return publicId!;
}

/** Support's answer, as `npm run ticket:reply` sends it. */
async function supportAnswers(publicId: string, message: string) {
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal/operator/tickets/${publicId}/replies`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ message, site_url: "http://wpx-es.localhost" }),
    }),
  );
  expect(response.status).toBe(201);
}

const statusOf = (html: string) => /data-testid="ticket-status"[^>]*>([^<]*)</.exec(html)?.[1];
const messages = (html: string) =>
  [...html.matchAll(/data-testid="message-(CUSTOMER|AGENT)"[\s\S]*?<p class="mt-2[^"]*">([\s\S]*?)<\/p>/g)].map(
    (match) => `${match[1]}: ${text(match[2]!).trim()}`,
  );

describe("the contact form", () => {
  it("opens a ticket for a guest, shows its number and confirms by e-mail", async () => {
    const to = email();
    const response = await visit(
      "/contact",
      form({ name: "Lucía Pérez", email: to, order_public_id: "", message: MESSAGE, website: "" }),
    );
    expect(response.status).toBe(200);
    const [ticket] = await ticketsOf(to);
    expect(ticket).toMatchObject({ accountId: null, status: "PENDING", locale: "es", subject: MESSAGE });
    const page = text(await response.text());
    expect(page).toContain("Gracias, hemos recibido tu mensaje");
    expect(page).toContain(`El número de tu solicitud es ${ticket!.publicId}.`);
    expect(page).toContain(`Hemos enviado una confirmación a ${to}`);
    const [mail] = await outboxFor(to);
    expect(mail).toMatchObject({ kind: "ticket-created", subject: `Hemos recibido tu consulta ${ticket!.publicId}` });
    expect(mail!.body).toContain(MESSAGE);
  });

  it("shows the form's field errors in the page's language and keeps what was typed", async () => {
    const english = await visit("/en/contact", form({ name: "", email: "lucia@", message: "Help", website: "" }));
    expect(english.status).toBe(400);
    const html = await english.text();
    expect(text(html)).toContain("Please correct the fields marked below.");
    expect(text(html)).toContain("Enter your name.");
    expect(text(html)).toContain("Enter a valid e-mail address, e.g. name@example.com.");
    expect(text(html)).toContain("Tell us a little more: at least 10 characters.");
    expect(html).toMatch(/id="contact-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-email"/);
    expect(html).toContain('value="lucia@"');
    const spanish = text(
      await (await visit("/contact", form({ name: "Lucía", email: "", message: "", website: "" }))).text(),
    );
    expect(spanish).toContain("Escribe tu correo electrónico.");
    expect(spanish).toContain("Escribe tu mensaje.");
    expect(await ticketsOf("lucia@")).toEqual([]);
  });

  it("takes an order number only for an order of that e-mail, saying so in the page's language", async () => {
    const to = email();
    const order = await insertOrder({ email: to });
    const stranger = await visit(
      "/en/contact",
      form({ name: "Ana", email: email(), order_public_id: order, message: MESSAGE, website: "" }),
    );
    expect(stranger.status).toBe(400);
    expect(text(await stranger.text())).toContain("We cannot find this order among yours.");
    const own = await visit(
      "/contact",
      form({ name: "Ana", email: to, order_public_id: order.toLowerCase(), message: MESSAGE, website: "" }),
    );
    expect(own.status).toBe(200);
    expect(await ticketsOf(to)).toHaveLength(1);
  });

  it("tells a bot that filled the hidden field it worked, and sends nothing", async () => {
    const to = email();
    const response = await visit(
      "/contact",
      form({
        name: "Bot",
        email: to,
        message: "Cheap watches at a great price, click here",
        website: "https://spam.example",
      }),
    );
    expect(response.status).toBe(200);
    expect(text(await response.text())).toContain("Gracias, hemos recibido tu mensaje");
    expect(await ticketsOf(to)).toEqual([]);
    expect(await outboxFor(to)).toEqual([]);
    const page = await (await visit("/contact")).text();
    expect(page).toMatch(
      /<div class="hidden" aria-hidden="true">[\s\S]*?name="website"[^>]*tabindex="-1"|<div class="hidden" aria-hidden="true">[\s\S]*?tabindex="-1"[^>]*name="website"/i,
    );
  });

  it("sends a signed-in customer to open a ticket in the account instead", async () => {
    const cookie = await signedInAs(await accountIn());
    const response = await visit("/contact", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/accounts/tickets?new=1");
    const page = text(await (await visit("/accounts/tickets?new=1", { cookie })).text());
    expect(page).toContain("Nueva solicitud");
    expect(page).toContain("Asunto");
  });
});

describe("the account's tickets", () => {
  it("opens a ticket, shows it in the list with its status and counts, and the thread confirms it", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    const empty = text(await (await visit("/accounts/tickets", { cookie })).text());
    expect(empty).toContain("Todavía no tienes solicitudes de ayuda.");
    const publicId = await openTicket(cookie, { order_public_id: "" });
    const thread = await visit(`/accounts/tickets/${publicId}?done=created`, { cookie });
    expect(thread.status).toBe(200);
    const html = await thread.text();
    expect(text(html)).toContain("¡Gracias! Hemos recibido tu solicitud");
    expect(text(html)).toContain(`Solicitud ${publicId}`);
    expect(messages(html)).toEqual([`CUSTOMER: ${MESSAGE}`]);
    const list = await (await visit("/accounts/tickets", { cookie })).text();
    expect(text(list)).toContain("Taza rota");
    expect(text(list)).toContain(publicId);
    expect(statusOf(list)).toBe("Esperando respuesta");
    expect(text(/data-testid="filter-PENDING"[\s\S]*?<\/a>/.exec(list)![0])).toMatch(/Esperando respuesta 1/);
    expect(text(/data-testid="filter-ARCHIVED"[\s\S]*?<\/a>/.exec(list)![0])).toMatch(/Archivada 0/);
    const [mail] = await outboxFor(account.email);
    expect(mail!.subject).toBe(`Hemos recibido tu consulta ${publicId}`);
    expect(mail!.body).toContain(`http://wpx-es.localhost/accounts/tickets/${publicId}`);
  });

  it("refuses a new ticket without a subject, or naming another's order, with the form open again", async () => {
    const cookie = await signedInAs(await accountIn());
    const refused = await visit("/en/accounts/tickets", {
      cookie,
      ...form({ subject: "", order_public_id: await insertOrder(), message: MESSAGE }),
    });
    expect(refused.status).toBe(400);
    const page = text(await refused.text());
    expect(page).toContain("Enter a subject.");
    const foreignOrder = await visit("/en/accounts/tickets", {
      cookie,
      ...form({ subject: "Mug", order_public_id: await insertOrder(), message: MESSAGE }),
    });
    expect(foreignOrder.status).toBe(400);
    const html = await foreignOrder.text();
    expect(text(html)).toContain("We cannot find this order among yours.");
    expect(html).toContain('value="Mug"');
  });

  it("lets the customer reply, mark it resolved, archive it, and reopen it by replying", async () => {
    const cookie = await signedInAs(await accountIn());
    const publicId = await openTicket(cookie);
    const page = async () => (await visit(`/accounts/tickets/${publicId}`, { cookie })).text();
    const reply = await visit(`/accounts/tickets/${publicId}`, {
      cookie,
      ...form({ intent: "reply", message: "Os adjunto el número de pedido." }),
    });
    expect(reply.status).toBe(303);
    expect(location(reply)).toBe(`/accounts/tickets/${publicId}?done=replied`);
    expect(messages(await page())).toEqual([`CUSTOMER: ${MESSAGE}`, "CUSTOMER: Os adjunto el número de pedido."]);
    expect(
      (await visit(`/accounts/tickets/${publicId}`, { cookie, ...form({ intent: "status", status: "RESOLVED" }) }))
        .status,
    ).toBe(303);
    const resolved = await page();
    expect(statusOf(resolved)).toBe("Resuelta");
    expect(resolved).not.toContain('data-testid="mark-resolved"');
    expect(
      (await visit(`/accounts/tickets/${publicId}`, { cookie, ...form({ intent: "status", status: "ARCHIVED" }) }))
        .status,
    ).toBe(303);
    const archived = await page();
    expect(statusOf(archived)).toBe("Archivada");
    expect(archived).not.toContain('data-testid="archive"');
    expect(text(archived)).toContain("tu respuesta la volverá a abrir");
    const refused = await visit(`/accounts/tickets/${publicId}`, {
      cookie,
      ...form({ intent: "status", status: "RESOLVED" }),
    });
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain("Esta solicitud está archivada.");
    const empty = await visit(`/accounts/tickets/${publicId}`, { cookie, ...form({ intent: "reply", message: "  " }) });
    expect(empty.status).toBe(400);
    expect(text(await empty.text())).toContain("Escribe tu mensaje.");
    await visit(`/accounts/tickets/${publicId}`, {
      cookie,
      ...form({ intent: "reply", message: "Ha vuelto a pasar." }),
    });
    expect(statusOf(await page())).toBe("Esperando respuesta");
    const archivedList = text(await (await visit("/accounts/tickets?status=ARCHIVED", { cookie })).text());
    expect(archivedList).toContain("No hay solicitudes con este estado.");
  });

  it("shows support's answer in the thread and e-mails the customer a link to it", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    const publicId = await openTicket(cookie);
    await supportAnswers(publicId, "Te enviamos una taza nueva mañana.");
    const html = await (await visit(`/accounts/tickets/${publicId}`, { cookie })).text();
    expect(messages(html)).toEqual([`CUSTOMER: ${MESSAGE}`, "AGENT: Te enviamos una taza nueva mañana."]);
    expect(text(html)).toContain("Atención al cliente");
    expect(statusOf(html)).toBe("Resuelta");
    expect(text(await (await visit("/accounts/tickets", { cookie })).text())).toContain(
      "Atención al cliente ha respondido",
    );
    const mails = await outboxFor(account.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["ticket-created", "ticket-reply"]);
    expect(mails[1]!.subject).toBe(`Hemos respondido a tu consulta ${publicId}`);
    expect(mails[1]!.body).toContain(`http://wpx-es.localhost/accounts/tickets/${publicId}`);
  });

  it("e-mails a guest support's answer itself", async () => {
    const to = email();
    await visit(
      "/en/contact",
      form({ name: "Ana", email: to, message: "Where is my parcel? It has been two weeks.", website: "" }),
    );
    const [ticket] = await ticketsOf(to);
    expect(ticket!.locale).toBe("en");
    await supportAnswers(ticket!.publicId, "It left our workshop yesterday.");
    const mails = await outboxFor(to);
    expect(mails[1]).toMatchObject({
      kind: "ticket-reply",
      subject: `We have answered your request ${ticket!.publicId}`,
    });
    expect(mails[1]!.body).toContain("It left our workshop yesterday.");
  });

  it("shows the thread in the page's language", async () => {
    const cookie = await signedInAs(await accountIn("WPX-PL"));
    const publicId = await openTicket(cookie, { subject: "Faktura" }, "WPX-PL");
    const english = text(await (await visit(`/en/accounts/tickets/${publicId}`, { brand: "WPX-PL", cookie })).text());
    expect(english).toContain(`Ticket ${publicId}`);
    expect(english).toContain("Waiting for support");
    const polish = text(await (await visit(`/accounts/tickets/${publicId}`, { brand: "WPX-PL", cookie })).text());
    expect(polish).toContain(`Zgłoszenie ${publicId}`);
    expect(polish).toContain("Czeka na odpowiedź");
  });
});

describe("who sees a ticket's page", () => {
  async function ticketOf(account: Account) {
    return openTicket(await signedInAs(account));
  }

  it("is the spec's 404 for another customer's ticket, for a number that is none, and for another group", async () => {
    const owner = await accountIn();
    const publicId = await ticketOf(owner);
    const strangers = [await accountIn(), await masterIn()];
    for (const stranger of strangers) {
      const cookie = await signedInAs(stranger);
      const page = await visit(`/accounts/tickets/${publicId}`, { cookie });
      expect(page.status).toBe(404);
      expect(text(await page.text())).not.toContain("Taza rota");
      expect(
        (await visit(`/accounts/tickets/${publicId}`, { cookie, ...form({ intent: "reply", message: "Hijacked" }) }))
          .status,
      ).toBe(404);
      expect(
        (await visit(`/accounts/tickets/${publicId}`, { cookie, ...form({ intent: "status", status: "ARCHIVED" }) }))
          .status,
      ).toBe(404);
    }
    const cookie = await signedInAs(owner);
    for (const path of [
      "/accounts/tickets/not-a-ticket",
      "/accounts/tickets/tk-abcdefgh",
      `/accounts/tickets/TK-${"A".repeat(300)}`,
      "/accounts/tickets/TK-NOSUCH00",
    ]) {
      expect((await visit(path, { cookie })).status, path).toBe(404);
    }
    const thread = await (await visit(`/accounts/tickets/${publicId}`, { cookie })).text();
    expect(messages(thread)).toEqual([`CUSTOMER: ${MESSAGE}`]);
    expect(statusOf(thread)).toBe("Esperando respuesta");
  });

  it("is open to the master and to staff with the tickets permission; staff without it go to the account's home", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["tickets"]);
    const publicId = await ticketOf(staff);
    const masterCookie = await signedInAs(master);
    expect((await visit(`/accounts/tickets/${publicId}`, { cookie: masterCookie })).status).toBe(200);
    const list = text(await (await visit("/accounts/tickets", { cookie: masterCookie })).text());
    expect(list).toContain(publicId);
    expect(list).toContain("abierta por Eva Moreno");
    expect(
      (
        await visit(`/accounts/tickets/${publicId}`, {
          cookie: await signedInAs(await staffOf(master, ["orders", "tickets"])),
        })
      ).status,
    ).toBe(200);
    const withoutPermission = await visit(`/accounts/tickets/${publicId}`, {
      cookie: await signedInAs(await staffOf(master, ["orders"])),
    });
    expect(withoutPermission.status).toBe(302);
    expect(withoutPermission.headers.get("location")).toBe("/accounts/home?refused=tickets");
  });

  it("sends a guest to sign in first", async () => {
    const response = await visit("/accounts/tickets/TK-ABCDEFGH");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Faccounts%2Ftickets%2FTK-ABCDEFGH");
  });
});

describe("help topics while writing", () => {
  it("suggests the topics that match any of the words written", async () => {
    const response = await visit(
      `/en/api/search/suggest?kind=help&query=${encodeURIComponent("Hello, my mug arrived damaged and the box was crushed")}`,
    );
    const { items } = (await response.json()) as { items: { kind: string; name: string; href: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(4);
    expect(items.every((item) => item.kind === "help")).toBe(true);
    expect(items.map((item) => item.name)).toContain("My order arrived damaged: what should I do?");
    expect(items[0]!.href).toMatch(/^\/en\/help-center\/topic\//);
  });
});

import { describe, expect, it } from "vitest";
import es from "@locales/es/saved-designs.json";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { location } from "../setup/orders";
import { designExists, savedDesign } from "../setup/saved-designs";
import { readableHtml } from "./html";

// The account's designs page and the master's designs admin.

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  visit(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const text = readableHtml;
const tiles = (html: string) => (html.match(/data-testid="saved-design"/g) ?? []).length;
const scopeOf = async (id: string) =>
  (await testEnv.STORE_DB.prepare("SELECT scope FROM designs WHERE id = ?").bind(id).first<{ scope: string }>())?.scope;

describe("my designs", () => {
  it("shows each saved design with its picture, name, product and last change, and deletes one after a confirmation", async () => {
    const customer = await accountIn();
    const cookie = await signedInAs(customer);
    const id = await savedDesign(customer, { name: "Taza de la abuela", updatedAt: "2026-11-02T09:00:00.000Z" });
    await savedDesign(customer, { name: "Taza del equipo" });
    const html = text(await (await visit("/accounts/designs", { cookie })).text());
    expect(tiles(html)).toBe(2);
    expect(html).toContain("Taza de la abuela");
    expect(html).toContain(es.savedDesigns.product.replace("{{article}}", "Taza con foto"));
    expect(html).toContain(es.savedDesigns.lastChange.replace("{{date}}", "2 nov 2026"));
    expect(html).toContain('src="/images/designs/birthday-confetti.svg"');
    expect(html).toContain(es.savedDesigns.confirmDelete.replace("{{name}}", "Taza de la abuela"));

    const deleted = await post("/accounts/designs", cookie, { intent: "delete", designId: id });
    expect(deleted.status).toBe(303);
    expect(location(deleted)).toBe("/accounts/designs?done=deleted");
    expect(await designExists(id)).toBe(false);
    const after = text(await (await visit(location(deleted), { cookie })).text());
    expect(after).toContain(es.savedDesigns.notices.deleted);
    expect(tiles(after)).toBe(1);
  });

  it("leads an account without designs to the catalogue's designs", async () => {
    const html = text(await (await visit("/accounts/designs", { cookie: await signedInAs(await accountIn()) })).text());
    expect(html).toContain(es.savedDesigns.empty);
    expect(html).toMatch(/href="\/inspiracion"[^>]*>Ver diseños/);
  });

  it("shows staff what their group shares, by whom, without a delete button; deleting it is refused, another group's is not found", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const colleague = await staffOf(master, ["orders"]);
    await testEnv.STORE_DB.prepare("UPDATE accounts SET first_name = 'Luis', last_name = 'Soto' WHERE id = ?")
      .bind(colleague.id)
      .run();
    const shared = await savedDesign(colleague, { scope: "GROUP_APPLICATIONS", name: "Logo del equipo" });
    const hidden = await savedDesign(colleague, { scope: "PRIVATE", name: "Boceto de Luis" });
    const theirs = await savedDesign(await masterIn(), { scope: "GROUP_APPLICATIONS", name: "Otra empresa" });
    const cookie = await signedInAs(staff);
    const html = text(await (await visit("/accounts/designs", { cookie })).text());
    expect(html).toContain("Logo del equipo");
    expect(html).toContain(es.savedDesigns.savedBy.replace("{{name}}", "Luis Soto"));
    expect(html).not.toContain("Boceto de Luis");
    expect(html).not.toContain("Otra empresa");
    expect(html).not.toContain('data-testid="confirm-delete"');

    const refused = await post("/accounts/designs", cookie, { intent: "delete", designId: shared });
    expect(refused.status).toBe(403);
    expect(text(await refused.text())).toContain(es.savedDesigns.errors.notYours);
    for (const id of [hidden, theirs, "../etc"]) {
      const gone = await post("/accounts/designs", cookie, { intent: "delete", designId: id });
      expect(gone.status, id).toBe(404);
      expect(text(await gone.text())).toContain(es.savedDesigns.errors.gone);
    }
    for (const id of [shared, hidden, theirs]) expect(await designExists(id)).toBe(true);
  });
});

describe("the designs admin", () => {
  it("shows the owner every design of its group, filtered by scope and sorted", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    await savedDesign(staff, { scope: "PRIVATE", name: "Boceto privado", popularity: 1 });
    await savedDesign(master, { scope: "GROUP_APPLICATIONS", name: "Logo de la empresa", popularity: 9 });
    await savedDesign(await masterIn(), { scope: "GROUP_APPLICATIONS", name: "Otra empresa" });
    const cookie = await signedInAs(master);
    const all = text(await (await visit("/accounts/designs/admin", { cookie })).text());
    expect(tiles(all)).toBe(2);
    expect(all).toContain("Boceto privado");
    expect(all).not.toContain("Otra empresa");
    const shared = text(await (await visit("/accounts/designs/admin?scope=GROUP_APPLICATIONS", { cookie })).text());
    expect(tiles(shared)).toBe(1);
    expect(shared).toContain("Logo de la empresa");
    const popular = text(await (await visit("/accounts/designs/admin?sort=POPULARITY", { cookie })).text());
    expect(popular.indexOf("Logo de la empresa")).toBeLessThan(popular.indexOf("Boceto privado"));
    const none = text(await (await visit("/accounts/designs/admin?scope=APPLICATION", { cookie })).text());
    expect(none).toContain(es.savedDesigns.admin.emptyFiltered);
    expect(
      tiles(text(await (await visit("/accounts/designs/admin?scope=NOPE&sort=NAME&page=abc", { cookie })).text())),
    ).toBe(2);
  });

  it("changes a design's scope and deletes one, keeping the list's filters; another group's design is not found", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const id = await savedDesign(staff, { scope: "PRIVATE" });
    const other = await savedDesign(await masterIn(), { scope: "PRIVATE" });
    const cookie = await signedInAs(master);
    const changed = await post("/accounts/designs/admin?sort=POPULARITY", cookie, {
      intent: "scope",
      designId: id,
      scope: "GROUP_APPLICATIONS",
    });
    expect(changed.status).toBe(303);
    expect(location(changed)).toBe("/accounts/designs/admin?sort=POPULARITY&done=scopeChanged");
    expect(await scopeOf(id)).toBe("GROUP_APPLICATIONS");
    expect(text(await (await visit(location(changed), { cookie })).text())).toContain(
      es.savedDesigns.notices.scopeChanged,
    );

    for (const fields of <Record<string, string>[]>[
      { intent: "scope", designId: other, scope: "GROUP_APPLICATIONS" },
      { intent: "delete", designId: other },
    ]) {
      const refused = await post("/accounts/designs/admin", cookie, fields);
      expect(refused.status).toBe(404);
    }
    expect(await scopeOf(other)).toBe("PRIVATE");
    expect(
      (await post("/accounts/designs/admin", cookie, { intent: "scope", designId: id, scope: "PUBLIC" })).status,
    ).toBe(400);

    expect(location(await post("/accounts/designs/admin", cookie, { intent: "delete", designId: id }))).toBe(
      "/accounts/designs/admin?done=deleted",
    );
    expect(await designExists(id)).toBe(false);
  });

  it("is not for staff: their posts are sent away and change nothing", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders", "tickets", "invoices"]);
    const id = await savedDesign(master, { scope: "PRIVATE" });
    const response = await post("/accounts/designs/admin", await signedInAs(staff), { intent: "delete", designId: id });
    expect(location(response)).toBe("/accounts/home?refused=ownerOnly");
    expect(await designExists(id)).toBe(true);
  });
});

describe("a saved design's page, /design/{slug}/{id}", () => {
  const page = (path: string, cookie?: string) => visit(path, { cookie });
  const href = (html: string, id: string) => html.match(new RegExp(`href="(/design/[^"]*/${id})"`))?.[1];

  it("has the slug SPEC 5 makes of the name its author typed: accents folded, punctuation gone, spaces to one hyphen", async () => {
    const customer = await accountIn();
    const cookie = await signedInAs(customer);
    const named = {
      "Taza de la abuela": "taza-de-la-abuela",
      "¡Feliz   cumpleaños, Ñandú!": "feliz-cumpleanos-nandu",
      "Łódź — Zażółć gęślą jaźń": "lodz-zazolc-gesla-jazn",
      "🎉🎂": "design",
    };
    const ids = await Promise.all(Object.keys(named).map((name) => savedDesign(customer, { name })));
    const html = await (await page("/accounts/designs", cookie)).text();
    for (const [index, slug] of Object.values(named).entries())
      expect(href(html, ids[index]!)).toBe(`/design/${slug}/${ids[index]}`);
    for (const [index, slug] of Object.values(named).entries()) {
      const response = await page(`/design/${slug}/${ids[index]}`, cookie);
      expect(response.status, slug).toBe(200);
      expect(await response.text()).toContain('data-testid="saved-design-page"');
    }
  });

  it("shows its author the design, and moves an old link (another slug) to its own address, query and locale kept", async () => {
    const customer = await accountIn();
    const cookie = await signedInAs(customer);
    const id = await savedDesign(customer, { name: "Taza de la abuela" });
    const html = text(await (await page(`/design/taza-de-la-abuela/${id}`, cookie)).text());
    expect(html).toContain("Taza de la abuela");
    expect(html).toContain(es.savedDesigns.product.replace("{{article}}", "Taza con foto"));
    expect(html).toContain(es.savedDesigns.page.whoSees);
    expect(html).toContain('name="robots" content="noindex');

    const old = await page(`/design/taza-vieja/${id}?from=mail`, cookie);
    expect(old.status).toBe(301);
    expect(location(old)).toBe(`/design/taza-de-la-abuela/${id}?from=mail`);
    expect(old.headers.get("cache-control")).toContain("no-store");
    expect(location(await page(`/en/design/x/${id}`, cookie))).toBe(`/en/design/taza-de-la-abuela/${id}`);
    // Renamed: the slug follows the name, and the earlier address still reaches it.
    await testEnv.STORE_DB.prepare("UPDATE design_texts SET name = 'Taza de Navidad' WHERE design_id = ?")
      .bind(id)
      .run();
    expect(location(await page(`/design/taza-de-la-abuela/${id}`, cookie))).toBe(`/design/taza-de-navidad/${id}`);
  });

  it("opens for whoever may see the design in an account, and is a 404 like a missing design for anyone else", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const colleague = await staffOf(master, ["orders"]);
    const shared = await savedDesign(colleague, { scope: "GROUP_APPLICATIONS", name: "Logo del equipo" });
    const hidden = await savedDesign(colleague, { scope: "PRIVATE", name: "Boceto de Luis" });
    const sharedPath = `/design/logo-del-equipo/${shared}`;
    const hiddenPath = `/design/boceto-de-luis/${hidden}`;

    expect((await page(sharedPath, await signedInAs(staff))).status).toBe(200);
    expect((await page(hiddenPath, await signedInAs(staff))).status).toBe(404);
    // The group's owner reaches every design of its group, from its designs admin.
    const ownerCookie = await signedInAs(master);
    const admin = await (await page("/accounts/designs/admin", ownerCookie)).text();
    expect(href(admin, hidden)).toBe(hiddenPath);
    expect((await page(hiddenPath, ownerCookie)).status).toBe(200);

    const stranger = await signedInAs(await accountIn());
    for (const [path, cookie] of [
      [sharedPath, stranger],
      [sharedPath, undefined],
      [hiddenPath, await signedInAs(await masterIn())],
    ] as const) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(404);
      // Not even its name: the slug of another slug is not redirected to the design's own.
      expect(await response.text()).not.toContain("Logo del equipo");
    }
    expect((await page(`/design/x/${shared}`, stranger)).status).toBe(404);
  });

  it("moves a catalogue design's old link to its own slug too", async () => {
    const moved = await page("/design/birthday-confetti/d-202-birthday-confetti?view=big");
    expect(moved.status).toBe(301);
    expect(location(moved)).toBe("/design/confeti-de-cumpleanos/d-202-birthday-confetti?view=big");
  });
});

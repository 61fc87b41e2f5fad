import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import type { CreatorDesign } from "@contract/api/creator-designs";
import { orderSchema } from "@contract/api/orders";
import { emptyDocument, MAX_DOCUMENT_BYTES } from "@contract/creator/document";
import { printPixels, templateFor } from "@contract/creator/templates";
import { accountIn } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import {
  as,
  creatorDesign,
  MUG,
  MUG_PRINT,
  mugDocument,
  printOf,
  uploadIdFor,
  visitor,
  type Visitor,
} from "@test-setup/creator-designs";
import { ES_CHECKOUT, shopperWithCheckout } from "@test-setup/orders";
import { callApi as call, productApi, withQuery } from "@test-setup/product-api";

// Designs made in the creator: a visitor's own, versioned, printed before they go to the cart; nobody else's exists.

const read = (who: Visitor, id: string) => call(withQuery(`/creator/designs/${id}`, as(who)));
const listOf = async (who: Visitor) =>
  ((await call(withQuery("/creator/designs", as(who)))).body.items as { id: string; name: string }[]).map(
    (item) => item.id,
  );
const versionsOf = async (id: string) =>
  (
    await testEnv.STORE_DB.prepare("SELECT version FROM design_versions WHERE design_id = ? ORDER BY version")
      .bind(id)
      .all<{ version: number }>()
  ).results.map((row) => row.version);
const save = (
  who: Visitor,
  id: string,
  baseVersion: number,
  document = mugDocument("sharp", "Otra frase"),
  extra: Record<string, string> = {},
) =>
  call(
    `/creator/designs/${id}`,
    as(who, { document: JSON.stringify(document), base_version: String(baseVersion), ...extra }),
  );
const expect4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};

describe("a creator design", () => {
  it("is created at version 1, read back as saved, and listed for its session", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    expect(id).toMatch(/^cd_[A-Za-z0-9]{20}$/);
    const answer = await read(guest, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id,
      name: "Taza de la abuela",
      articleId: MUG,
      version: 1,
      preview: null,
      print: null,
      document: mugDocument(),
    });
    expect(await listOf(guest)).toEqual([id]);
    const row = await testEnv.STORE_DB.prepare(
      "SELECT scope, account_id AS accountId, ext_session_id AS extSessionId, image FROM designs WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      scope: "PRIVATE",
      accountId: null,
      extSessionId: guest.ext_session_id,
      image: "/images/products/mug.svg",
    });
  });

  it("keeps every saved version; a save from an older version is a conflict that changes nothing", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    const saved = await save(guest, id, 1, mugDocument("sharp", "Segunda"), { name: "Taza nueva" });
    expect(saved).toMatchObject({ status: 200, body: { id, version: 2 } });
    expect((await save(guest, id, 2, mugDocument("sharp", "Tercera"))).body).toMatchObject({ version: 3 });
    const stale = await save(guest, id, 2, mugDocument("sharp", "Desde otra pestaña"));
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 4090 }, version: 3 } });
    expect(await versionsOf(id)).toEqual([1, 2, 3]);
    const current = (await read(guest, id)).body as unknown as CreatorDesign;
    expect(current).toMatchObject({ version: 3, name: "Taza nueva" });
    expect(current.document.elements.find((element) => element.kind === "text")).toMatchObject({ text: "Tercera" });
  });

  it("two saves from the same version: one lands, the other is a conflict", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    const answers = await Promise.all([
      save(guest, id, 1, mugDocument("sharp", "A")),
      save(guest, id, 1, mugDocument("sharp", "B")),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await versionsOf(id)).toEqual([1, 2]);
  });

  it("is renamed without a new version, and duplicated as a new design at version 1 named with the suffix given", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    await save(guest, id, 1);
    expect(await call(`/creator/designs/${id}/rename`, as(guest, { name: "  Regalo de Navidad  " }))).toMatchObject({
      status: 200,
      body: { id, version: 2 },
    });
    const copy = await call(`/creator/designs/${id}/duplicate`, as(guest, { name_suffix: " (copia)" }));
    expect(copy.status).toBe(201);
    const copyId = copy.body.id as string;
    expect(copyId).not.toBe(id);
    const original = (await read(guest, id)).body as unknown as CreatorDesign;
    expect((await read(guest, copyId)).body).toMatchObject({
      name: "Regalo de Navidad (copia)",
      version: 1,
      print: null,
      document: original.document,
    });
    expect(await versionsOf(copyId)).toEqual([1]);
    // A long name is shortened so the suffix fits the limit.
    await call(`/creator/designs/${id}/rename`, as(guest, { name: "x".repeat(80) }));
    const long = await call(`/creator/designs/${id}/duplicate`, as(guest));
    expect((await read(guest, long.body.id as string)).body.name).toBe(`${"x".repeat(73)} (copy)`);
  });

  it("is deleted with its versions, and gone from the open carts", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    await save(guest, id, 1);
    expect((await printOf(guest, id, 2)).status).toBe(200);
    const cart = await call("/carts", as(guest, { locale: "es" }));
    await call(
      `/carts/${cart.body.id}/lines`,
      as(guest, { locale: "es", article_id: String(MUG), quantity: "1", design_id: id }),
    );
    expect(await call(`/creator/designs/${id}/delete`, as(guest))).toMatchObject({ status: 200, body: { id } });
    expect((await read(guest, id)).status).toBe(404);
    expect(await versionsOf(id)).toEqual([]);
    expect(
      ((await call(withQuery(`/carts/${cart.body.id}`, as(guest, { locale: "es" })))).body.lines as unknown[]).length,
    ).toBe(0);
    expect((await call(`/creator/designs/${id}/delete`, as(guest))).status).toBe(404);
  });
});

describe("a design's print file", () => {
  it("is refused with the server's own checks when a photo is below the blocking DPI, and nothing is recorded", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest, mugDocument("blurry"));
    const refused = await printOf(guest, id);
    expect(refused).toMatchObject({
      status: 422,
      body: {
        error: { code: 4240 },
        quality: {
          blocking: true,
          elements: [
            { id: "p1", dpi: 76, level: "block" },
            { id: "t1", dpi: null, level: "ok" },
          ],
        },
      },
    });
    expect((await read(guest, id)).body).toMatchObject({ print: null, preview: null });
  });

  it("is recorded with the checks recomputed from that version and the template's DPI; the design's picture becomes its preview", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    const recorded = await printOf(guest, id);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      version: 1,
      upload: uploadIdFor("p"),
      width: MUG_PRINT.width,
      height: MUG_PRINT.height,
      dpi: 300,
      checks: {
        blocking: false,
        warnings: 0,
        elements: [
          { id: "p1", dpi: 253, level: "ok", outsideSafeArea: false },
          { id: "t1", dpi: null, level: "ok", outsideSafeArea: false },
        ],
      },
    });
    expect((await read(guest, id)).body).toMatchObject({
      preview: uploadIdFor("v"),
      print: { version: 1, upload: uploadIdFor("p"), dpi: 300 },
    });
    const image = await testEnv.STORE_DB.prepare("SELECT image FROM designs WHERE id = ?")
      .bind(id)
      .first<{ image: string }>();
    expect(image!.image).toBe(`/images/uploads/${uploadIdFor("v")}`);
  });

  it("is refused for a version the design does not have, and at a size that is not the template's", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    expect((await printOf(guest, id, 2)).status).toBe(404);
    expect((await printOf(guest, id, 1, { width: 800, height: 600 })).status).toBe(400);
    expect((await read(guest, id)).body.print).toBeNull();
  });
});

describe("whose designs", () => {
  it("a signed-in customer's are the account's, from any session, and this session's until they move", async () => {
    const customer = await accountIn();
    const here = visitor(customer.id);
    const elsewhere = visitor(customer.id);
    const own = await creatorDesign(here);
    const stillTheSessions = await creatorDesign({ site: "WPX-ES", ext_session_id: here.ext_session_id });
    expect((await listOf(here)).sort()).toEqual([own, stillTheSessions].sort());
    expect(await listOf(elsewhere)).toEqual([own]);
    expect((await read(elsewhere, own)).status).toBe(200);
    expect((await read(elsewhere, stillTheSessions)).status).toBe(404);
  });

  it("at sign-in a guest's designs move to the account: its other sessions see them, the accounts pages list them, the old session no longer owns them", async () => {
    const customer = await accountIn();
    const guest = visitor();
    const id = await creatorDesign(guest, mugDocument(), "Taza para papá");
    const someoneElses = await creatorDesign(visitor());
    const adopted = await call("/creator/designs/adopt", {
      site: "WPX-ES",
      ext_session_id: guest.ext_session_id,
      customer_id: customer.id,
    });
    expect(adopted).toMatchObject({ status: 200, body: { moved: 1 } });
    expect(await listOf(visitor(customer.id))).toEqual([id]);
    expect((await read(guest, id)).status).toBe(404);
    const saved = await call(withQuery("/designs/saved", { site: "WPX-ES", account_id: customer.id, locale: "es" }));
    expect(saved.body.items).toEqual([
      expect.objectContaining({
        id,
        name: "Taza para papá",
        articleName: "Taza con foto",
        scope: "PRIVATE",
        deletable: true,
      }),
    ]);
    expect((await read(visitor(customer.id), someoneElses)).status).toBe(404);
  });

  it("another session's and another account's designs are not found by any call, and nothing changes", async () => {
    const owner = visitor();
    const id = await creatorDesign(owner);
    const account = await accountIn();
    const accountDesign = await creatorDesign(visitor(account.id));
    const strangers = [visitor(), visitor((await accountIn()).id), { ...visitor(), site: "WPX-IT" }];
    for (const stranger of strangers) {
      for (const target of [id, accountDesign]) {
        const what = `${JSON.stringify(stranger)} on ${target}`;
        expect((await read(stranger, target)).status, what).toBe(404);
        expect((await save(stranger, target, 1)).status, what).toBe(404);
        expect((await call(`/creator/designs/${target}/rename`, as(stranger, { name: "Mía" }))).status, what).toBe(404);
        expect((await call(`/creator/designs/${target}/duplicate`, as(stranger))).status, what).toBe(404);
        expect((await printOf(stranger, target)).status, what).toBe(404);
        expect((await call(`/creator/designs/${target}/delete`, as(stranger))).status, what).toBe(404);
      }
      expect(await listOf(stranger)).toEqual([]);
    }
    expect((await read(owner, id)).body).toMatchObject({ version: 1, name: "Taza de la abuela", print: null });
    expect((await read(visitor(account.id), accountDesign)).body).toMatchObject({ version: 1 });
  });

  it("an account's deletion takes its designs with every version (the photos they name are people's)", async () => {
    const customer = await accountIn();
    const id = await creatorDesign(visitor(customer.id));
    await save(visitor(customer.id), id, 1);
    const deleted = await call(`/accounts/${customer.id}/delete`, {
      site: "WPX-ES",
      confirm: "on",
      current_password: customer.password,
    });
    expect(deleted.status).toBe(200);
    expect(await versionsOf(id)).toEqual([]);
  });

  it("the shop's catalogue never shows one, even a guest's given a shared scope and a name", async () => {
    const id = await creatorDesign(visitor());
    await testEnv.STORE_DB.batch([
      testEnv.STORE_DB.prepare(
        "UPDATE designs SET scope = 'GROUP_APPLICATIONS', popularity = 100000 WHERE id = ?",
      ).bind(id),
      testEnv.STORE_DB.prepare(
        "INSERT INTO design_texts (design_id, locale, slug, name) VALUES (?, 'es', 'taza', 'Taza')",
      ).bind(id),
    ]);
    expect((await call(withQuery(`/designs/${id}`, { site: "WPX-ES", locale: "es" }))).status).toBe(404);
    const listed = await call(withQuery("/designs", { site: "WPX-ES", locale: "es", sort: "POPULARITY", limit: "60" }));
    expect((listed.body.items as { id: string }[]).map((design) => design.id)).not.toContain(id);
    expect(JSON.stringify((await call(withQuery("/sitemap", { site: "WPX-ES" }))).body)).not.toContain(id);
  });
});

describe("hostile input", () => {
  const create = (fields: Record<string, string>) =>
    call("/creator/designs", as(visitor(), { name: "Taza", ...fields }));
  const withElement = (element: Record<string, unknown>) => JSON.stringify({ ...mugDocument(), elements: [element] });
  const photo = mugDocument().elements[0]!;

  it.each([
    ["a document that is no JSON", { document: '{"format": 1,' }],
    [
      "a document over the size limit",
      { document: JSON.stringify({ ...mugDocument(), padding: "x".repeat(MAX_DOCUMENT_BYTES) }) },
    ],
    ["an unknown element kind", { document: withElement({ ...photo, kind: "video" }) }],
    ["an unknown field", { document: withElement({ ...photo, script: "alert(1)" }) }],
    ["absurd coordinates", { document: withElement({ ...photo, x: 1e308 }) }],
    ["an infinite zoom", { document: withElement({ ...photo, zoom: "Infinity" }).replace('"Infinity"', "1e999") }],
    ["an article no site sells", { document: JSON.stringify({ ...mugDocument(), articleId: 19_999 }) }],
    ["another site's article", { document: JSON.stringify({ ...mugDocument(), articleId: 301 }) }],
    ["an empty name", { name: "   ", document: JSON.stringify(mugDocument()) }],
    ["an over-long name", { name: "x".repeat(81), document: JSON.stringify(mugDocument()) }],
    ["repeated element ids", { document: JSON.stringify({ ...mugDocument(), elements: [photo, photo] }) }],
  ])("creating with %s answers 400", async (_case, fields) => {
    const answer = await create(fields as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe(4000);
  });

  it("answers wrong content types, broken bodies, absurd versions and sizes, and malformed ids with a 4xx", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    const json = await productApi("/creator/designs", {
      method: "POST",
      body: JSON.stringify({ ...guest, name: "Taza", document: mugDocument() }),
      headers: { "content-type": "application/json" },
    });
    expect4xx(json.status, "JSON body");
    const broken = await productApi(`/creator/designs/${id}`, {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { "content-type": "multipart/form-data; boundary=y" },
    });
    expect4xx(broken.status, "broken multipart");
    for (const baseVersion of ["0", "-1", "1e309", "abc", "1.5"])
      expect4xx((await save(guest, id, baseVersion as unknown as number)).status, `base_version ${baseVersion}`);
    expect4xx((await printOf(guest, id, 1, { width: 99_999_999, height: 1 })).status, "absurd width");
    expect4xx(
      (
        await call(
          `/creator/designs/${id}/print`,
          as(guest, {
            version: "1",
            print_upload: "../etc/passwd",
            preview_upload: uploadIdFor("v"),
            width: "10",
            height: "10",
          }),
        )
      ).status,
      "bad upload id",
    );
    expect4xx(
      (
        await call(
          `/creator/designs/${id}`,
          as(guest, { document: JSON.stringify({ ...mugDocument(), articleId: 202 }), base_version: "1" }),
        )
      ).status,
      "another article",
    );
    for (const bad of ["cd_short", "d-203-wedding-florals", `cd_${"a".repeat(200)}`, "%27%20OR%201%3D1"]) {
      expect4xx((await read(guest, bad)).status, bad);
      expect4xx((await call(`/creator/designs/${bad}/delete`, as(guest))).status, bad);
    }
    expect4xx((await call(withQuery("/creator/designs", { site: "WPX-ES" }))).status, "no session");
    expect4xx(
      (await call("/creator/designs/adopt", { site: "WPX-ES", ext_session_id: guest.ext_session_id })).status,
      "adopt without a customer",
    );
    expect((await read(guest, id)).body).toMatchObject({ version: 1 });
  });
});

describe("a cart line with a creator design", () => {
  const cartOf = async (who: Visitor) => (await call("/carts", as(who, { locale: "es" }))).body.id as string;
  const addLine = (who: Visitor, cartId: string, fields: Record<string, string>) =>
    call(`/carts/${cartId}/lines`, as(who, { locale: "es", article_id: String(MUG), quantity: "1", ...fields }));

  it("is refused before the design is printed, for someone else's design, for another article and for a malformed id", async () => {
    const guest = visitor();
    const cartId = await cartOf(guest);
    const unprinted = await creatorDesign(guest);
    const theirs = await creatorDesign(visitor());
    const otherSession = visitor();
    await printOf(otherSession, theirs);
    for (const [what, fields] of [
      ["not printed", { design_id: unprinted }],
      ["someone else's", { design_id: theirs }],
      ["another article", { design_id: unprinted, article_id: "201" }],
      ["malformed", { design_id: "cd_nope" }],
    ] as const) {
      const answer = await addLine(guest, cartId, fields);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error?.code, what).toBe(4000);
    }
    expect(
      ((await call(withQuery(`/carts/${cartId}`, as(guest, { locale: "es" })))).body.lines as unknown[]).length,
    ).toBe(0);
  });

  it("carries the printed version, the design's name and its preview; a catalogue design's id works as before", async () => {
    const guest = visitor();
    const cartId = await cartOf(guest);
    const id = await creatorDesign(guest);
    await printOf(guest, id);
    await save(guest, id, 1);
    const cart = cartSchema.parse((await addLine(guest, cartId, { design_id: id })).body);
    expect(cart.lines).toEqual([
      expect.objectContaining({
        designId: id,
        designVersion: 1,
        designName: "Taza de la abuela",
        designPreview: uploadIdFor("v"),
      }),
    ]);
    const withCatalogue = cartSchema.parse((await addLine(guest, cartId, { design_id: "d-203-wedding-florals" })).body);
    expect(withCatalogue.lines[1]).toMatchObject({
      designId: "d-203-wedding-florals",
      designVersion: null,
      designName: null,
      designPreview: null,
    });
  });

  it("keeps the size its print file was made for: the finish may change, the size may not", async () => {
    const guest = visitor();
    const cartId = await cartOf(guest);
    const poster = {
      ...emptyDocument(206, "50x70"),
      elements: mugDocument().elements.map((element) => ({ ...element, x: 250, y: 350 })),
    };
    const id = await creatorDesign(guest, poster, "Póster");
    const print = printPixels(templateFor("poster", "50x70", false));
    expect((await printOf(guest, id, 1, print)).status).toBe(200);
    const cart = cartSchema.parse(
      (
        await call(
          `/carts/${cartId}/lines`,
          as(guest, { locale: "es", article_id: "206", options: "49,51", quantity: "1", design_id: id }),
        )
      ).body,
    );
    const line = cart.lines[0]!;
    const change = (options: string) =>
      call(`/carts/${cartId}/lines/${line.id}`, as(guest, { locale: "es", quantity: "2", options }));
    expect((await change("49,52")).status).toBe(200);
    const refused = await change("50,52");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("keeps the size");
    const kept = cartSchema.parse((await call(withQuery(`/carts/${cartId}`, as(guest, { locale: "es" })))).body);
    expect(kept.lines[0]!.options.map((option) => option.code)).toEqual(["50x70", "gloss"]);
  });

  it("goes into the order with its version, name and preview, kept as ordered when the design changes or is deleted", async () => {
    const shopper = await shopperWithCheckout(ES_CHECKOUT);
    const who = { site: "WPX-ES", ext_session_id: shopper.extSessionId };
    const id = await creatorDesign(who, mugDocument(), "Taza del abuelo");
    await printOf(who, id);
    const cart = await shopper.api.post(
      `/carts/${shopper.cartId}/lines`,
      { locale: "es", article_id: MUG, quantity: 2, design_id: id },
      cartSchema,
    );
    expect(cart.lines.find((line) => line.designId === id)).toMatchObject({
      designVersion: 1,
      designName: "Taza del abuelo",
      designPreview: uploadIdFor("v"),
    });
    const order = await shopper.api.post(
      "/orders",
      { cart_id: shopper.cartId, locale: "es", site_url: "http://wpx-es.localhost" },
      orderSchema,
    );
    const expected = {
      designId: id,
      designVersion: 1,
      designName: "Taza del abuelo",
      designPreview: uploadIdFor("v"),
      quantity: 2,
    };
    expect(order.lines).toContainEqual(expect.objectContaining(expected));
    const stored = await testEnv.STORE_DB.prepare("SELECT design_print AS print FROM order_lines WHERE design_id = ?")
      .bind(id)
      .first<{ print: string }>();
    expect(stored!.print).toBe(uploadIdFor("p"));
    await call(`/creator/designs/${id}/rename`, as(who, { name: "Otro nombre" }));
    await call(`/creator/designs/${id}/delete`, as(who));
    const again = await shopper.api.get(`/orders/${order.publicId}`, {}, orderSchema);
    expect(again.lines).toContainEqual(expect.objectContaining(expected));
  });
});

import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "@contract/creator/document";
import { accountIn } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { as, creatorDesign, mugDocument, printOf, visitor } from "@test-setup/creator-designs";
import { callApi as call, productApi, withQuery } from "@test-setup/product-api";
import { read, listOf, versionsOf, save, expect4xx } from "@test-setup/creator-design-calls";

// Designs made in the creator: a visitor's own, versioned, printed before they go to the cart; nobody else's exists.

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
    expect4xx((await printOf(guest, id, 1, { version: "99999999999999999999" })).status, "absurd version");
    expect4xx(
      (await call(`/creator/designs/${id}/print`, as(guest, { version: "1", preview_upload: "../etc/passwd" }))).status,
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

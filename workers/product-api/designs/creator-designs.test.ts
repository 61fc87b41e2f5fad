import { describe, expect, it } from "vitest";
import type { CreatorDesign } from "@contract/api/creator-designs";
import { designDocumentSchema } from "@contract/creator/document";
import { testEnv } from "@test-setup/app";
import { as, creatorDesign, MUG, mugDocument, printOf, uploadIdFor, visitor } from "@test-setup/creator-designs";
import { callApi as call, withQuery } from "@test-setup/product-api";
import { read, listOf, versionsOf, save } from "@test-setup/creator-design-calls";

// Designs made in the creator: a visitor's own, versioned, printed before they go to the cart; nobody else's exists.

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
      document: designDocumentSchema.parse(mugDocument()),
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
    expect(current.document.pages[0]!.elements.find((element) => element.kind === "text")).toMatchObject({
      text: "Tercera",
    });
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

describe("a design's print record (its preflight at the cart)", () => {
  it("is refused with the server's own checks when a photo is below the blocking DPI, naming its page and element, and nothing is recorded", async () => {
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
        problems: [{ problem: "resolution", page: 1, element: "p1", dpi: 76, minDpi: 100 }],
      },
    });
    expect((await read(guest, id)).body).toMatchObject({ print: null, preview: null });
  });

  it("is refused for a text outside the safe area, naming its page and element", async () => {
    const guest = visitor();
    const document = mugDocument();
    const id = await creatorDesign(guest, {
      ...document,
      elements: document.elements.map((element) => (element.kind === "text" ? { ...element, x: 10 } : element)),
    });
    expect(await printOf(guest, id)).toMatchObject({
      status: 422,
      body: { problems: [{ problem: "outsideSafeArea", page: 1, element: "t1" }] },
    });
  });

  it("is recorded with the checks recomputed from that version and the template's DPI; the design's picture becomes its preview", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    const recorded = await printOf(guest, id);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      version: 1,
      upload: null,
      width: null,
      height: null,
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
      print: { version: 1, upload: null, dpi: 300 },
    });
    const image = await testEnv.STORE_DB.prepare("SELECT image FROM designs WHERE id = ?")
      .bind(id)
      .first<{ image: string }>();
    expect(image!.image).toBe(`/images/uploads/${uploadIdFor("v")}`);
  });

  it("is refused for a version the design does not have", async () => {
    const guest = visitor();
    const id = await creatorDesign(guest);
    expect((await printOf(guest, id, 2)).status).toBe(404);
    expect((await read(guest, id)).body.print).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import es from "@locales/es/saved-designs.json";
import { uploadResultSchema } from "@contract/api/uploads";
import { accountIn, csrfFor, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { sessionCookie, testEnv, visit } from "../setup/app";
import { as, creatorDesign, printOf, uploadIdFor, visitor } from "../setup/creator-designs";
import { callApi } from "../setup/product-api";
import { pngOf } from "../setup/upload-samples";
import { location } from "../setup/orders";
import { readableHtml as text } from "./html";

// The account's creator designs on /accounts/designs: opened in the creator, renamed, copied and deleted; and a guest's
// designs moving to the account at sign-in.

const post = (cookie: string, fields: Record<string, string>) =>
  visit("/accounts/designs", {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const designRow = (id: string) =>
  testEnv.STORE_DB.prepare("SELECT name, account_id AS accountId, image FROM designs WHERE id = ?")
    .bind(id)
    .first<{ name: string; accountId: string | null; image: string }>();
const namesOf = async (accountId: string) =>
  (
    await testEnv.STORE_DB.prepare("SELECT name FROM designs WHERE account_id = ? ORDER BY name")
      .bind(accountId)
      .all<{ name: string }>()
  ).results.map((row) => row.name);

async function customerWithDesign(name = "Taza de la abuela") {
  const customer = await accountIn();
  const id = await creatorDesign(visitor(customer.id), undefined, name);
  return { customer, id, cookie: await signedInAs(customer) };
}

describe("my creator designs", () => {
  it("are listed with the article's picture until printed, then the preview, with a link that opens them in the creator", async () => {
    const { customer, id, cookie } = await customerWithDesign();
    const before = await (await visit("/accounts/designs", { cookie })).text();
    expect(text(before)).toContain("Taza de la abuela");
    expect(before).toContain('src="/images/products/mug.svg"');
    expect(before).toContain(`href="/create/203?design=${id}"`);
    expect(text(before)).toContain(es.savedDesigns.renameLabel.replace("{{name}}", "Taza de la abuela"));
    await printOf(visitor(customer.id), id);
    expect(await (await visit("/accounts/designs", { cookie })).text()).toContain(
      `src="/images/uploads/${uploadIdFor("v")}"`,
    );
  });

  it("are renamed, with field errors for an empty or too long name", async () => {
    const { customer, id, cookie } = await customerWithDesign();
    const renamed = await post(cookie, { intent: "rename", designId: id, name: "  Regalo de Navidad " });
    expect(renamed.status).toBe(303);
    expect(location(renamed)).toBe("/accounts/designs?done=renamed");
    expect((await designRow(id))!.name).toBe("Regalo de Navidad");
    expect(text(await (await visit(location(renamed), { cookie })).text())).toContain(es.savedDesigns.notices.renamed);

    for (const [name, message] of [
      ["   ", es.savedDesigns.errors.nameRequired],
      ["x".repeat(81), es.savedDesigns.errors.nameTooLong],
    ]) {
      const refused = await post(cookie, { intent: "rename", designId: id, name: name! });
      expect(refused.status).toBe(400);
      expect(text(await refused.text())).toContain(message);
    }
    expect(await namesOf(customer.id)).toEqual(["Regalo de Navidad"]);
  });

  it("are copied under a translated name, and deleted with their versions", async () => {
    const { customer, id, cookie } = await customerWithDesign();
    const copied = await post(cookie, { intent: "duplicate", designId: id });
    expect(location(copied)).toBe("/accounts/designs?done=duplicated");
    expect(await namesOf(customer.id)).toEqual(["Taza de la abuela", "Taza de la abuela (copia)"]);
    expect(text(await (await visit(location(copied), { cookie })).text())).toContain(
      es.savedDesigns.notices.duplicated,
    );

    const deleted = await post(cookie, { intent: "delete", designId: id });
    expect(location(deleted)).toBe("/accounts/designs?done=deleted");
    expect(await designRow(id)).toBeNull();
    const versions = await testEnv.STORE_DB.prepare("SELECT COUNT(*) AS n FROM design_versions WHERE design_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(versions!.n).toBe(0);
  });

  it("someone else's design, a guest's or a malformed id is not available: refused as gone, and nothing changes", async () => {
    const { cookie } = await customerWithDesign();
    const theirs = await customerWithDesign("Taza ajena");
    const guests = await creatorDesign(visitor(), undefined, "Taza de un invitado");
    for (const target of [theirs.id, guests, "cd_nope", "../etc"]) {
      for (const fields of <Record<string, string>[]>[
        { intent: "rename", name: "Mía" },
        { intent: "duplicate" },
        { intent: "delete" },
      ]) {
        const refused = await post(cookie, { ...fields, designId: target });
        expect(refused.status, `${fields.intent} ${target}`).toBe(404);
        expect(text(await refused.text())).toContain(es.savedDesigns.errors.gone);
      }
    }
    expect((await designRow(theirs.id))!.name).toBe("Taza ajena");
    expect((await designRow(guests))!.name).toBe("Taza de un invitado");
    expect(await namesOf(theirs.customer.id)).toEqual(["Taza ajena"]);
  });
});

describe("signing in", () => {
  it("moves the guest's creator designs to the account", async () => {
    const extSessionId = crypto.randomUUID();
    const id = await creatorDesign({ site: "WPX-ES", ext_session_id: extSessionId }, undefined, "Hecha como invitada");
    const account = await accountIn();
    const guest = await sessionCookie({ fotiApiClient: { extSessionId } });
    const { token, cookie } = await csrfFor(guest.cookie);
    const signedIn = await visit("/api/auth/callback/credentials", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ csrfToken: token, email: account.email, password: account.password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(signedIn.status).toBe(302);
    expect((await designRow(id))!.accountId).toBe(account.id);
  });
});

describe("a design shared with the group", () => {
  it("shows its author's preview to the group (the owner's admin, the staff's list), and to nobody else", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, []);
    const staffCookie = await signedInAs(staff);
    // The preview is a real upload of the author (the storefront stores it under the account).
    const body = new FormData();
    body.set("img", new File([pngOf(600, 255) as Uint8Array<ArrayBuffer>], "preview.png", { type: "image/png" }));
    const preview = uploadResultSchema.parse(
      await (await visit("/images/upload", { method: "POST", body, cookie: staffCookie })).json(),
    ).id;
    const author = visitor(staff.id);
    const id = await creatorDesign(author, undefined, "Taza del equipo");
    const printed = await callApi(
      `/creator/designs/${id}/print`,
      as(author, { version: "1", preview_upload: preview }),
    );
    expect(printed.status).toBe(200);
    await testEnv.STORE_DB.prepare("UPDATE designs SET scope = 'GROUP_APPLICATIONS' WHERE id = ?").bind(id).run();

    const picture = `/accounts/designs/${id}/picture`;
    const masterCookie = await signedInAs(master);
    expect(await (await visit("/accounts/designs/admin", { cookie: masterCookie })).text()).toContain(
      `src="${picture}"`,
    );
    const seen = await visit(picture, { cookie: masterCookie });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/png");
    // The author reads its own upload directly; a colleague through the design; another account, nothing.
    expect(await (await visit("/accounts/designs", { cookie: staffCookie })).text()).toContain(
      `src="/images/uploads/${preview}"`,
    );
    const colleague = await signedInAs(await staffOf(master, []));
    expect((await visit(picture, { cookie: colleague })).status).toBe(200);
    expect((await visit(picture, { cookie: await signedInAs(await accountIn()) })).status).toBe(404);
    // Private again: only the author and the group's owner.
    await testEnv.STORE_DB.prepare("UPDATE designs SET scope = 'PRIVATE' WHERE id = ?").bind(id).run();
    expect((await visit(picture, { cookie: colleague })).status).toBe(404);
    expect((await visit(picture, { cookie: masterCookie })).status).toBe(200);
  });
});

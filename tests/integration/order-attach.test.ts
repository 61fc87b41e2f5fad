import { describe, expect, it } from "vitest";
import { accountIn, csrfFor, PASSWORD } from "../setup/accounts";
import { sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { insertOrder } from "../setup/orders";
import { callApi } from "../setup/product-api";

// A guest's order joins an account: created from the order-completed page, or by signing in from the same browser.

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  visit(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const ownerOf = async (publicId: string) =>
  (await testEnv.STORE_DB.prepare("SELECT customer_id AS owner FROM orders WHERE public_id = ?")
    .bind(publicId)
    .first<{ owner: string | null }>())!.owner;

/** A guest's browser that has just placed (and paid) an order. */
async function guestWithOrder(email = `guest.${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const publicId = await insertOrder({ email });
  const { cookie } = await sessionCookie({ fotiApiClient: { extSessionId: "placing-session" }, orderIds: [publicId] });
  return { publicId, cookie, email };
}

describe("keeping a guest's order in a new account", () => {
  it("offers a password, creates the account from the order's details, signs in and attaches the order", async () => {
    const { publicId, cookie, email } = await guestWithOrder();
    const page = await (await visit(`/en/order-completed?order=${publicId}`, { cookie })).text();
    expect(page).toContain("Keep this order in an account");
    expect(page).toContain(email);
    const weak = await post(`/en/order-completed?order=${publicId}`, { password: "abc", consent: "on" }, cookie);
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Choose a stronger password");
    const created = await post(
      `/en/order-completed?order=${publicId}`,
      { password: "Correct-horse-7", consent: "on" },
      cookie,
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe(`/en/order-completed?order=${publicId}&account=created`);
    const signedIn = sessionCookieFrom(created)!;
    const session = (await (await visit("/api/session", { cookie: signedIn })).json()) as {
      customer: { id: string; email: string; firstName: string };
    };
    expect(session.customer).toMatchObject({ email, firstName: "Ana" });
    expect(await ownerOf(publicId)).toBe(session.customer.id);
    const after = await (
      await visit(`/en/order-completed?order=${publicId}&account=created`, { cookie: signedIn })
    ).text();
    expect(after).toContain("Your account is ready and this order is in it.");
    expect(after).not.toContain("Keep this order in an account");
  });

  it("sends an e-mail that has an account to sign in, and signing in attaches the order", async () => {
    const account = await accountIn();
    const { publicId, cookie } = await guestWithOrder(account.email);
    const refused = await post(
      `/en/order-completed?order=${publicId}`,
      { password: "Correct-horse-7", consent: "on" },
      cookie,
    );
    expect(await refused.text()).toContain(
      "There is already an account with this e-mail. Sign in and this order joins it.",
    );
    expect(await ownerOf(publicId)).toBeNull();
    const { token, cookie: withCsrf } = await csrfFor(cookie);
    await visit("/api/auth/callback/credentials", {
      method: "POST",
      cookie: withCsrf,
      body: new URLSearchParams({ csrfToken: token, email: account.email, password: PASSWORD }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await ownerOf(publicId)).toBe(account.id);
  });

  it("never attaches an order of another browser, another e-mail, or one that has an owner", async () => {
    const account = await accountIn();
    const mine = await insertOrder({ email: account.email });
    const otherEmail = await insertOrder({ email: "someone.else@example.com" });
    const attach = (ids: string[], ext = "placing-session") =>
      callApi("/orders/attach", {
        site: "WPX-ES",
        account_id: account.id,
        ext_session_id: ext,
        order_ids: ids.join(","),
      });
    expect((await attach([mine], "another-browser")).body).toEqual({ attached: [] });
    expect((await attach([otherEmail])).body).toEqual({ attached: [] });
    expect((await attach([mine, otherEmail])).body).toEqual({ attached: [mine] });
    const thief = await accountIn();
    expect(
      (
        await callApi("/orders/attach", {
          site: "WPX-ES",
          account_id: thief.id,
          ext_session_id: "placing-session",
          order_ids: mine,
        })
      ).body,
    ).toEqual({ attached: [] });
    expect(await ownerOf(mine)).toBe(account.id);
    expect(
      (
        await callApi("/orders/attach", {
          site: "WPX-ES",
          account_id: "acc_nobody",
          ext_session_id: "x",
          order_ids: mine,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callApi("/orders/attach", {
          site: "WPX-ES",
          account_id: account.id,
          ext_session_id: "x",
          order_ids: "../../etc",
        })
      ).status,
    ).toBe(400);
  });

  it("sends a visitor who did not place the order to tracking", async () => {
    const { publicId } = await guestWithOrder();
    const stranger = await sessionCookie();
    expect(
      (
        await post(
          `/en/order-completed?order=${publicId}`,
          { password: "Correct-horse-7", consent: "on" },
          stranger.cookie,
        )
      ).headers.get("location"),
    ).toBe("/en/tracking");
  });
});

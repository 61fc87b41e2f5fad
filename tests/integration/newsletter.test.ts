import { describe, expect, it } from "vitest";
import { testEnv, visit } from "../setup/app";
import es from "@locales/es/general.json";
import { text } from "./catalogue-html";

describe("newsletter", () => {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  it("re-renders the form with translated field errors", async () => {
    const response = await visit("/newsletter", form({ intent: "subscribe", email: "not-an-email" }));
    expect(response.status).toBe(400);
    const page = text(await response.text());
    expect(page).toContain(es.newsletter.invalidEmail);
    expect(page).toContain(es.newsletter.consentRequired);
  });

  it("subscribes with double opt-in and lets the subscriber leave with the signed link", async () => {
    const email = `ana.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const subscribed = await visit("/newsletter", {
      ...form({ intent: "subscribe", email, consent: "on" }),
      brand: "WPX-PT",
    });
    expect(subscribed.status).toBe(200);
    const mail = await testEnv.STORE_DB.prepare("SELECT subject, body_text FROM email_outbox WHERE to_address = ?")
      .bind(email)
      .first<{ subject: string; body_text: string }>();
    expect(mail?.subject).toBe("Confirme a subscrição da newsletter");
    const confirmUrl = new URL(/http:\/\/wpx-pt\.localhost\/newsletter\?token=[a-f0-9]{32}/.exec(mail!.body_text)![0]);
    const status = async () =>
      (
        await testEnv.STORE_DB.prepare("SELECT status FROM newsletter_subscribers WHERE email = ?")
          .bind(email)
          .first<{ status: string }>()
      )?.status;
    expect(await status()).toBe("PENDING");
    // Opening the link shows a confirm button; only the post confirms (mail scanners only follow links).
    expect((await visit(`${confirmUrl.pathname}${confirmUrl.search}`, { brand: "WPX-PT" })).status).toBe(200);
    expect(await status()).toBe("PENDING");
    await visit("/newsletter", {
      ...form({ intent: "confirm", token: confirmUrl.searchParams.get("token")! }),
      brand: "WPX-PT",
    });
    expect(await status()).toBe("CONFIRMED");

    const unsubscribeUrl = new URL(/http:\/\/wpx-pt\.localhost\/unsubscribe\?\S+/.exec(mail!.body_text)![0]);
    const page = await (await visit(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, { brand: "WPX-PT" })).text();
    expect(page).toContain(email);
    const leave = () =>
      visit("/unsubscribe", { ...form(Object.fromEntries(unsubscribeUrl.searchParams)), brand: "WPX-PT" });
    expect(await (await leave()).text()).toContain('data-testid="unsubscribe-status"');
    expect(await status()).toBe("UNSUBSCRIBED");
    expect((await leave()).status).toBe(200);
  });

  it("refuses an unsubscribe link whose signature does not match", async () => {
    const html = await (await visit(`/unsubscribe?email=someone%40example.com&token=${"a".repeat(64)}`)).text();
    expect(html).toContain('data-testid="unsubscribe-invalid"');
    const forged = await visit("/unsubscribe", form({ email: "someone@example.com", token: "b".repeat(64) }));
    expect(forged.status).toBe(400);
  });

  it("shows the outbox in the local mailbox", async () => {
    const html = await (await visit("/mailbox")).text();
    expect(html).toContain('data-testid="mail"');
  });
});

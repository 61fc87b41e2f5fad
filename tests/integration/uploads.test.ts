import { describe, expect, it } from "vitest";
import { uploadResultSchema } from "@contract/api/uploads";
import { JPEG_800X600, sampleBytes } from "../setup/upload-samples";
import { accountIn, csrfFor, signedInAs } from "../setup/accounts";
import { sessionCookie, sessionCookieFrom, visit } from "../setup/app";

// POST /images/upload and GET /images/uploads/:id on the brand's origin: the storefront names the owners from its
// session (never the browser), forwards the form to the uploads worker and translates its refusals.

const jpeg = () => sampleBytes(JPEG_800X600);
function form(bytes: Uint8Array, name = "photo.jpg", fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set("img", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/jpeg" }));
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}
const upload = (body: FormData, options: { cookie?: string; path?: string; headers?: Record<string, string> } = {}) =>
  visit(options.path ?? "/images/upload", { method: "POST", body, cookie: options.cookie, headers: options.headers });

describe("uploading a photo on the storefront", () => {
  it("stores it for the visitor's session (a new visitor gets one) and only that session reads it back", async () => {
    const answer = await upload(form(jpeg(), "photo.jpg", { ext_session_id: "chosen-by-the-browser" }));
    expect(answer.status).toBe(201);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const cookie = sessionCookieFrom(answer)!;
    expect(cookie).toBeTruthy();
    const result = uploadResultSchema.parse(await answer.json());
    expect(result).toMatchObject({ kind: "jpeg", width: 800, height: 600 });
    const mine = await visit(result.url, { cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    // The owner's browser keeps it (its id never changes content); no shared cache may.
    expect(mine.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect((await visit(result.url, { cookie: (await sessionCookie()).cookie })).status).toBe(404);
    expect((await visit(result.url)).status).toBe(404);
  });

  it("keeps a signed-in customer's files with the account: readable from another of their sessions, by nobody else", async () => {
    const account = await accountIn();
    const result = uploadResultSchema.parse(
      await (await upload(form(jpeg()), { cookie: await signedInAs(account) })).json(),
    );
    expect((await visit(result.url, { cookie: await signedInAs(account) })).status).toBe(200);
    expect((await visit(result.url, { cookie: await signedInAs(await accountIn()) })).status).toBe(404);
  });

  it("moves a guest's files to the account at sign-in: the customer reads them from any of their sessions", async () => {
    const account = await accountIn();
    const guest = await upload(form(jpeg()));
    const { url } = uploadResultSchema.parse(await guest.json());
    const { token, cookie } = await csrfFor(sessionCookieFrom(guest)!);
    const signedIn = await visit("/api/auth/callback/credentials", {
      method: "POST",
      cookie,
      body: new URLSearchParams({
        csrfToken: token,
        email: account.email,
        password: account.password,
        callbackUrl: "/",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(sessionCookieFrom(signedIn)).toBeTruthy();
    expect((await visit(url, { cookie: sessionCookieFrom(signedIn)! })).status).toBe(200);
    expect((await visit(url, { cookie: await signedInAs(account) })).status).toBe(200);
    expect((await visit(url, { cookie: await signedInAs(await accountIn()) })).status).toBe(404);
  });

  it("refuses a file that is not printable with a message in the page's language", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const spanish = await upload(form(svg, "foto.jpg"));
    expect(spanish.status).toBe(422);
    expect(await spanish.json()).toEqual({
      error: { code: "unsupported", message: expect.stringContaining("Sube una foto (JPG, PNG, WebP, HEIC o AVIF)") },
    });
    const english = await upload(form(new Uint8Array(0)), { path: "/en/images/upload" });
    expect(english.status).toBe(422);
    expect(await english.json()).toEqual({ error: { code: "empty", message: "This file is empty." } });
  });

  it("refuses a post from another site (CSRF) and a body that is not a form", async () => {
    expect((await upload(form(jpeg()), { headers: { origin: "https://evil.example" } })).status).toBe(403);
    const json = await visit("/images/upload", {
      method: "POST",
      body: JSON.stringify({ img: "x" }),
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: { message: string } }).error.message).toBe(
      "No se ha podido enviar el archivo. Inténtalo de nuevo.",
    );
    expect((await visit("/images/upload")).status).toBe(405);
  });
});

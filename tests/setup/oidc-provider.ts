// A real OpenID Connect provider (oidc-provider) for the tests, started by vitest.config.ts in Node on a free local
// port: the storefront signs in against it exactly as against Google or Apple. Its "login" signs in whoever the test
// announced last (POST /test/person), so a test decides who comes back; POST /test/hold makes its sign-in page hang.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const OIDC_TEST_CLIENT = { id: "storefront", secret: "a-test-client-secret-of-enough-length" };

type Person = { sub: string; email: string; email_verified: boolean; given_name: string; family_name: string };

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `hostName`: how its issuer names the loopback address (the browser journeys: `localhost`, the shop's own site). */
export async function startTestOidcProvider({ hostName = "127.0.0.1" } = {}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://${hostName}:${(server.address() as AddressInfo).port}`;
  let person: Person = {
    sub: "person-1",
    email: "person@example.com",
    email_verified: true,
    given_name: "Ola",
    family_name: "Nowak",
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.id,
        client_secret: OIDC_TEST_CLIENT.secret,
        redirect_uris: ["http://wpx-es.localhost/api/auth/callback/oidc"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    // The ID token carries the e-mail and names, as Google's and Apple's do.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ ...person, sub }) }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["oidc-test-cookie-key"] },
  });
  // Every brand's local host comes back to its own callback (tests visit http://{slug}.localhost)
  // (the browser journeys' on their port).
  provider.Client.prototype.redirectUriAllowed = (uri: string) =>
    /^http:\/\/[a-z-]+\.localhost(?::\d+)?\/api\/auth\/callback\/oidc$/.test(uri);
  const handle = provider.callback();
  // A provider that does not answer, on demand (POST /test/hold "on"): its sign-in page hangs until "off", which drops
  // the requests it held (a browser that gave up on them must not be sent anywhere later).
  let holding = false;
  const held: (() => void)[] = [];
  server.on("request", async (request, response) => {
    try {
      if (request.url === "/test/person" && request.method === "POST") {
        person = JSON.parse(await bodyOf(request)) as Person;
        response.end("ok");
        return;
      }
      if (request.url === "/test/hold" && request.method === "POST") {
        holding = (await bodyOf(request)) === "on";
        if (!holding) for (const release of held.splice(0)) release();
        response.end("ok");
        return;
      }
      if (holding && request.url?.startsWith("/auth")) {
        held.push(() => response.destroy());
        return;
      }
      if (request.url?.startsWith("/interaction/")) {
        // The person signs in and agrees at once.
        const details = await provider.interactionDetails(request, response);
        const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: person.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      handle(request, response);
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  });
  server.unref();
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

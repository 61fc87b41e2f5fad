/**
 * Stand-in values in each secret's own format, for checks that start a worker without a Cloudflare account
 * (deploy:check); never uploaded. A worker checks its secrets at start-up, so the check starts it with these.
 */
const PLACEHOLDERS: Record<string, string> = {
  SESSION_PASSWORD: "placeholder-session-password-of-32-or-more-characters",
  STRIPE_SECRET_KEY: "sk_test_placeholderplaceholderplaceholder",
  STRIPE_WEBHOOK_SECRET: "whsec_placeholderplaceholderplaceholder00",
  API_TOKEN: "placeholder-api-token",
  OIDC_ISSUER: "https://accounts.example.com",
  OIDC_CLIENT_ID: "placeholder-client",
  OIDC_CLIENT_SECRET: "placeholder-client-secret",
};

export function placeholderSecrets(names: string[]) {
  return Object.fromEntries(
    names.map((name) => {
      const value = PLACEHOLDERS[name];
      if (!value) throw new Error(`No placeholder for the secret ${name} in deploy/secrets.ts`);
      return [name, value];
    }),
  );
}

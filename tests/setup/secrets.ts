/** Values for the test workers only: never used outside `npm test`. */
export const TEST_SECRETS = {
  sessionPassword: "test-session-password-at-least-32-characters-long",
  apiToken: "test-api-token",
  paymentWebhookSecret: "test-payment-webhook-secret-of-32-or-more-chars",
};

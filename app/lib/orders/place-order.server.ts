import type { GuardArgs } from "../guards/redirect.server";

/**
 * Places the order for the visitor's checked-out cart (exactly once per cart content and checkout data) and starts
 * its payment. Called by the checkout's payment step after it saved the payment choice. Returns a redirect: to the
 * payment provider's page for online payments, or to /order-completed for offline ones (transfer, bank receipt).
 */
export async function placeOrder(args: GuardArgs): Promise<Response> {
  void args;
  throw new Error("placeOrder: not built yet");
}

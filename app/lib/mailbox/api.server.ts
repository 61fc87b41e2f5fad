import type { RouterContextProvider } from "react-router";
import { outboxSchema } from "@contract/api/outbox";
import { apiCalls } from "~/lib/product-api/calls.server";
import { apiContext } from "~/lib/request/context/keys";

/** The local mailbox's call: the latest e-mails of the outbox, or null where the product API keeps it closed. */
export function mailboxApi(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  return apiCalls({
    latest: (limit = 50) => api.find("/outbox", { limit }, outboxSchema),
  });
}

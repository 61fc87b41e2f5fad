import type { RouterContextProvider } from "react-router";
import { sessionContext } from "~/lib/request/context/keys";

/**
 * Whom the uploads worker stores a file for and lets read it, from the server's session (never from the browser): the
 * signed-in account first, then the visitor's session, so a file uploaded before signing in stays readable in it.
 */
export function uploadOwners(context: Readonly<RouterContextProvider>): string {
  const session = context.get(sessionContext).data;
  const owners = [
    session.customer ? `account:${session.customer.id}` : null,
    `session:${session.fotiApiClient.extSessionId}`,
  ];
  return owners.filter(Boolean).join(", ");
}

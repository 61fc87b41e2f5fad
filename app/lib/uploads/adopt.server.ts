import type { RouterContextProvider } from "react-router";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { requestInfoContext } from "~/lib/request/context/keys";
import { uploadOwners } from "./owners.server";

/**
 * At sign-in, the files this session uploaded as a guest become the account's (the uploads worker moves them), so
 * they follow the customer to other devices and never expire with the session. A failure is logged, not shown: the
 * files stay readable in this session.
 */
export async function adoptGuestUploads(context: Readonly<RouterContextProvider>) {
  const { env, log } = context.get(requestInfoContext);
  try {
    const answer = await env.UPLOADS.fetch("https://uploads.internal/images/uploads/adopt", {
      method: "POST",
      headers: { "x-upload-owners": uploadOwners(context), [REQUEST_ID_HEADER]: log.requestId },
    });
    if (!answer.ok) log.line("ERROR", `Moving a guest's uploads to the account answered ${answer.status}`);
    await answer.body?.cancel();
  } catch (error) {
    log.failure("Moving a guest's uploads to the account failed", error);
  }
}

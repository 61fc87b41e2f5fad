import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/request/context";
import { uploadOwners } from "./owners.server";

/**
 * At sign-in, the files this session uploaded as a guest become the account's (the uploads worker moves them), so
 * they follow the customer to other devices and never expire with the session. A failure is logged, not shown: the
 * files stay readable in this session.
 */
export async function adoptGuestUploads(context: Readonly<RouterContextProvider>) {
  try {
    const answer = await context.get(requestInfoContext).env.UPLOADS.fetch("https://uploads.internal/images/uploads/adopt", {
      method: "POST",
      headers: { "x-upload-owners": uploadOwners(context) },
    });
    if (!answer.ok) console.error(`moving a guest's uploads to the account answered ${answer.status}`);
    await answer.body?.cancel();
  } catch (error) {
    console.error("moving a guest's uploads to the account failed", error);
  }
}

import type { Route } from "./+types/mailbox";
import { pageNotFound } from "~/lib/errors";
import { mailboxApi } from "~/lib/mailbox/api.server";

/** The local mailbox: every e-mail the shop would have sent (development only; 404 where the outbox is closed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const outbox = await mailboxApi(context).latest();
  if (!outbox) throw pageNotFound(request);
  return { emails: outbox.items };
}

export const meta: Route.MetaFunction = () => [{ title: "Mailbox" }, { name: "robots", content: "noindex" }];

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-4xl p-6 font-mono text-sm">
      <h1 className="text-2xl font-bold">Mailbox ({loaderData.emails.length})</h1>
      <ul className="mt-4 space-y-4">
        {loaderData.emails.map((email) => (
          <li key={email.id} className="rounded border border-line bg-surface p-4" data-testid="mail">
            <p>
              <strong>{email.subject}</strong> · {email.kind} · {email.site}
            </p>
            <p className="text-muted">
              To {email.to} · {email.createdAt}
            </p>
            <pre className="mt-2 whitespace-pre-wrap">{email.body}</pre>
          </li>
        ))}
      </ul>
    </main>
  );
}

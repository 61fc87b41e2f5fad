import { useEffect, useRef, useState, type FormEvent } from "react";
import { EXTERNAL_REDIRECT_WAIT_MS } from "~/lib/client-state/timing";
import { useShell } from "../use-shell";

type Provider = { id: string; name: string; csrfToken: string };
/**
 * Where the hand-off to the provider stands: not started, the browser on its way there, or a minute gone without
 * leaving.
 */
type HandOff = "idle" | "leaving" | "stalled";

/**
 * Signing in with another provider (OpenID Connect): a plain form posted to the sign-in protocol, which sends the
 * browser to the provider's own page, so it works without JavaScript. With it, the page says where the visitor is
 * being taken and offers to cancel for as long as the browser has not left, up to the spec's 60 seconds; then it stops
 * the hand-off and says the provider did not answer (docs/decisions/0037).
 */
export function ProviderSignIn({
  provider,
  callbackUrl,
  besidePassword,
}: {
  provider: Provider;
  callbackUrl: string;
  besidePassword: boolean;
}) {
  const { t } = useShell();
  const [handOff, setHandOff] = useState<HandOff>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // Back from the provider's page, the browser may show this page as it was left: start afresh.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      clearTimeout(timer.current);
      setHandOff("idle");
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pageshow", onPageShow);
      clearTimeout(timer.current);
    };
  }, []);

  function start(event: FormEvent<HTMLFormElement>) {
    // One hand-off at a time: a second would replace the first's proof of who started it.
    if (handOff === "leaving") return event.preventDefault();
    setHandOff("leaving");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      window.stop();
      setHandOff("stalled");
    }, EXTERNAL_REDIRECT_WAIT_MS);
  }

  function cancel() {
    clearTimeout(timer.current);
    window.stop();
    setHandOff("idle");
  }

  return (
    <form
      method="post"
      action={`/api/auth/signin/${provider.id}`}
      onSubmit={start}
      className="mt-4"
      data-hand-off={handOff}
    >
      {besidePassword ? <p className="mb-2 text-center text-sm text-muted">{t("auth.signIn.or")}</p> : null}
      <input type="hidden" name="csrfToken" value={provider.csrfToken} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <button
        type="submit"
        className="button-secondary w-full aria-disabled:cursor-progress aria-disabled:opacity-70"
        aria-disabled={handOff === "leaving" || undefined}
        data-testid="signin-provider"
      >
        {t("auth.signIn.withProvider", { provider: provider.name })}
      </button>
      {handOff === "leaving" ? (
        <div
          role="status"
          className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-card border-2 border-brand bg-brand-soft p-4"
          data-testid="provider-leaving"
        >
          <p className="font-semibold">{t("auth.provider.leaving", { provider: provider.name })}</p>
          <button type="button" onClick={cancel} className="button-secondary" data-testid="provider-cancel">
            {t("auth.provider.cancel")}
          </button>
        </div>
      ) : null}
      {handOff === "stalled" ? (
        <p
          role="alert"
          className="mt-3 rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800"
          data-testid="provider-stalled"
        >
          {t(besidePassword ? "auth.provider.stalledWithPassword" : "auth.provider.stalled", {
            provider: provider.name,
          })}
        </p>
      ) : null}
    </form>
  );
}

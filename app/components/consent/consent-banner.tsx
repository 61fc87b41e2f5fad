import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useRevalidator } from "react-router";
import type { ConsentChoice } from "@contract/marketing/consent";
import { announceChange, sharedState } from "~/lib/client-state/channel";
import { reloadPage, reloadWhenHidden } from "~/lib/client-state/reload";
import { applyConsent, browserSendsGpc, fetchConsentId, postConsent } from "~/lib/consent/client";
import { recordLandingAfterConsent } from "~/lib/marketing/landing.client";
import { useShell } from "../use-shell";

/** The footer's "Cookie settings" link: a fragment, so that without JavaScript the banner opens by :target. */
export const COOKIE_SETTINGS_ID = "cookie-settings";

const CHOICES: Record<string, ConsentChoice> = {
  all: { ads: true, analytics: true },
  none: { ads: false, analytics: false },
};

/**
 * The consent banner: an overlay at the bottom (the page never moves under it), a labelled region rather than a
 * dialog (it never traps focus or blocks the page). A plain form posted to /api/session, so it works without
 * JavaScript; with it, the answer is sent as JSON and the page follows without a reload unless its tags must change.
 */
export function ConsentBanner() {
  const { root, t } = useShell();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const decided = root?.consent ?? null;
  const [choice, setChoice] = useState(decided);
  const [reopened, setReopened] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const [failed, setFailed] = useState(false);
  const [focusWanted, setFocusWanted] = useState(0);
  const [browserGpc, setBrowserGpc] = useState(false);
  const [consentId, setConsentId] = useState<string | null>(null);
  const region = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // The server's word wins when it changes (another tab answered, or a new version of the text asks again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's answer by value: a new object with the same answer is no change
  useEffect(() => setChoice(decided), [decided?.ads, decided?.analytics, decided === null]);

  useEffect(() => {
    setEnhanced(true);
    setBrowserGpc(browserSendsGpc());
    const open = (from: HTMLElement | null) => {
      opener.current = from;
      setReopened(true);
      setFocusWanted((count) => count + 1);
    };
    if (window.location.hash === `#${COOKIE_SETTINGS_ID}`) open(null);
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${COOKIE_SETTINGS_ID}"]`);
      if (!(link instanceof HTMLElement)) return;
      event.preventDefault();
      open(link);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  const open = choice === null || reopened;
  // Global Privacy Control, as the server read it (the page is rendered for it) or as the browser has it.
  const gpc = root?.gpc === true || browserGpc;

  // Cookie settings show the visitor's consent id, so they can quote it (docs/decisions/0035): read when reopened.
  useEffect(() => {
    if (!reopened) return;
    let current = true;
    void fetchConsentId().then((id) => current && setConsentId(id));
    return () => {
      current = false;
    };
  }, [reopened]);

  // Focus moves into the banner once it is shown: after React has committed the opening, never before (a frame
  // scheduled at the click could come first on a busy page, and focus would stay on the link).
  useEffect(() => {
    if (focusWanted > 0) region.current?.focus();
  }, [focusWanted]);

  async function answer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pressed = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") ?? "save";
    const boxes = new FormData(event.currentTarget);
    const chosen = CHOICES[pressed] ?? { ads: boxes.has("ads"), analytics: boxes.has("analytics") };
    const status = await postConsent(chosen);
    // A page older than the consent text (a deploy since it loaded) asks again with the new text; a page that has just
    // done so is a stale copy (the reload guard refuses), and says the answer was not kept.
    if (status === 409 && reloadPage()) return;
    if (status !== 200) return setFailed(true);
    setFailed(false);
    setChoice(chosen);
    setReopened(false);
    if (window.location.hash === `#${COOKIE_SETTINGS_ID}`) history.replaceState(history.state, "", pathname + search);
    opener.current?.focus();
    // Consent Mode hears the answer at once; the landing this page was opened with gets the cookies the new choice
    // allows before any reload loses it.
    const { added, withdrawn } = applyConsent(chosen, root!.brand.tags);
    if (chosen.ads || chosen.analytics) await recordLandingAfterConsent();
    if (added || withdrawn) {
      announceChange(sharedState({ ...root!, consent: chosen }));
      if (reloadPage()) return;
      // Within the reload guard: added tags come with the next page; a withdrawn one stops once nobody looks at this
      // one.
      if (withdrawn) reloadWhenHidden();
    }
    // The root's data (consent, page views) follows; the other tabs hear of it once it has (client-state.tsx).
    void revalidator.revalidate();
  }

  return (
    <section
      ref={region}
      id={COOKIE_SETTINGS_ID}
      aria-labelledby="consent-title"
      tabIndex={-1}
      data-open={open}
      data-enhanced={enhanced || undefined}
      className="consent-banner fixed inset-x-0 bottom-0 z-40 max-h-[85dvh] overflow-y-auto border-t border-line bg-surface text-ink shadow-[0_-8px_24px_rgb(0_0_0/0.12)] outline-none"
    >
      <form
        method="post"
        action="/api/session"
        onSubmit={answer}
        className="container-page grid gap-3 py-4 desktop:grid-cols-[1fr_auto] desktop:items-start desktop:gap-x-8"
      >
        <input type="hidden" name="returnTo" value={pathname + search} />
        <div className="space-y-2">
          <h2 id="consent-title" className="text-base font-bold">
            {t("consent.title")}
          </h2>
          <p className="text-sm text-muted">{t("consent.text")}</p>
          {gpc ? (
            <p className="text-sm font-semibold" data-testid="consent-gpc">
              {t("consent.gpc")}
            </p>
          ) : null}
          <details className="group text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand underline underline-offset-4">
              {t("consent.choose")}
            </summary>
            <fieldset key={`${choice?.analytics}-${choice?.ads}`} className="mt-1 space-y-3">
              <legend className="sr-only">{t("consent.chooseLegend")}</legend>
              {(["analytics", "ads"] as const).map((kind) => (
                <label key={kind} className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    name={kind}
                    defaultChecked={choice?.[kind] ?? false}
                    className="mt-1 size-5 shrink-0 accent-[var(--brand)]"
                  />
                  <span>
                    <span className="block font-semibold">{t(`consent.${kind}`)}</span>
                    <span className="block text-muted">{t(`consent.${kind}Hint`)}</span>
                  </span>
                </label>
              ))}
              <button type="submit" name="choice" value="save" className="button-secondary w-full tablet:w-auto">
                {t("consent.save")}
              </button>
              {consentId ? (
                <p className="text-muted" data-testid="consent-id-line">
                  {t("consent.id")}:{" "}
                  <code className="break-all font-mono text-ink" data-testid="consent-id">
                    {consentId}
                  </code>
                  <span className="block">{t("consent.idHint")}</span>
                </p>
              ) : null}
            </fieldset>
          </details>
          {failed && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {t("consent.saveFailed")}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3 desktop:w-96 desktop:pt-7">
          <button type="submit" name="choice" value="none" className="button-primary">
            {t("consent.rejectAll")}
          </button>
          <button type="submit" name="choice" value="all" className="button-primary">
            {t("consent.acceptAll")}
          </button>
        </div>
      </form>
    </section>
  );
}

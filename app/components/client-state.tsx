import { useEffect, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { bootstrapConfig } from "~/lib/client-state/bootstrap";
import { announceChange, onOtherTabChange, sharedState } from "~/lib/client-state/channel";
import { postGa4Ids, readGa4Ids } from "~/lib/client-state/ga4-ids";
import { reloadWhenHidden } from "~/lib/client-state/reload";
import { BOOTSTRAP_MAX_AGE_MS, FOCUS_REFRESH_MIN_MS, SESSION_REFRESH_MS } from "~/lib/client-state/timing";
import { applyConsent } from "~/lib/consent/client";
import { drawIcons } from "~/lib/icons/client";
import { BuildWatcher } from "./build-watcher";
import { useRootData } from "./use-root-data";

/**
 * The spec's client behaviours that follow the page (docs/decisions/0028), loaded after it: the session read again
 * every 24 hours and on focus, the shared state synced across tabs, GA4's ids sent to the session, the hourly
 * bootstrap config, the icons; and the offer to reload when a newer build is live.
 */
export function ClientState() {
  const root = useRootData();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  /** The state another tab announced last: ours reaching it is following, not news. */
  const heard = useRef<string | null>(null);
  const { pathname } = useLocation();

  // The icons of the page now shown (a new page may bring new ones).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page (its path) may bring new icons
  useEffect(drawIcons, [pathname]);

  // Every 24 hours and on focus (at most once a minute): the root's data again, which never creates a session.
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      void revalidate.current();
    };
    const onFocus = () => {
      if (Date.now() - last >= FOCUS_REFRESH_MIN_MS) refresh();
    };
    const timer = setInterval(refresh, SESSION_REFRESH_MS);
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, []);

  // Another tab changed the shared state: read ours again from the server.
  useEffect(
    () =>
      onOtherTabChange((state) => {
        heard.current = state;
        void revalidate.current();
      }),
    [],
  );

  // Our shared state changed by something done here: tell the other tabs (not when we only followed one of them).
  const shared = root ? sharedState(root) : "";
  const consent = JSON.stringify(root?.consent ?? null);
  const previous = useRef({ shared, consent });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shared state (its text) changes, reading the root and consent of that render
  useEffect(() => {
    if (!root || previous.current.shared === shared) return;
    const consentChanged = previous.current.consent !== consent;
    previous.current = { shared, consent };
    const followed = shared === heard.current;
    if (consentChanged) {
      const { withdrawn } = applyConsent(root.consent, root.brand.tags);
      // A tag the visitor withdrew in another tab stops with this page: reload it once nobody is looking at it.
      if (withdrawn && followed) reloadWhenHidden();
    }
    if (!followed) announceChange(shared);
  }, [shared]);

  // GA4's ids reach the session when GA4 runs on this page, the visitor has a session, and they differ from its own.
  const ga4 = root?.brand.tags.ga4 ?? null;
  const known = root?.ga4 ? `${root.ga4.clientId}|${root.ga4.sessionId}|${root.ga4.sessionNumber}` : null;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!ga4 || known === null || !document.querySelector('script[data-tag="ga4"]')) return;
    void readGa4Ids(ga4).then((ids) => {
      const now = ids && `${ids.ga4ClientId}|${ids.ga4SessionId}|${ids.ga4SessionNumber}`;
      if (!ids || now === known || now === sent.current) return;
      sent.current = now;
      void postGa4Ids(ids);
    });
  }, [ga4, known]);

  // The bootstrap config, once an hour: a new consent text asks again in tabs left open across the change.
  useEffect(() => {
    const check = () =>
      void bootstrapConfig().then((config) => {
        if (config && config.consentVersion !== CONSENT_VERSION) void revalidate.current();
      });
    check();
    const timer = setInterval(check, BOOTSTRAP_MAX_AGE_MS);
    return () => clearInterval(timer);
  }, []);

  return <BuildWatcher />;
}

import { useEffect, useState } from "react";
import { reloadPage } from "~/lib/client-state/reload";
import { useTranslation } from "~/lib/i18n/translations";

const POLL_MS = 5 * 60 * 1000;

/**
 * Whether builds/latest.json names a build released after this page's. Only newer: during a gradual rollout a page
 * of the new build still reads the old one there (it is announced once every visitor gets the new one), and a
 * rolled-back release leaves the old one announced; neither should ask anyone to reload.
 */
export function isNewerBuild(
  latest: { id?: string; timestamp?: number },
  own = { id: __BUILD_ID__, date: __BUILD_DATE__ },
) {
  return (
    typeof latest.id === "string" &&
    latest.id !== own.id &&
    typeof latest.timestamp === "number" &&
    latest.timestamp > Date.parse(own.date)
  );
}

/** Polls builds/latest.json and offers a reload when a newer build than this page's is live. */
export function BuildWatcher() {
  const { t } = useTranslation();
  const [newBuild, setNewBuild] = useState(false);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch("/builds/latest.json", { cache: "no-store" });
        if (!response.ok) return;
        const latest = (await response.json()) as { id?: string; timestamp?: number };
        if (!stopped && isNewerBuild(latest)) setNewBuild(true);
      } catch {
        // Offline or the worker is deploying: try again at the next tick.
      }
    };
    const timer = setInterval(check, POLL_MS);
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, []);

  if (!newBuild) return null;
  // Within the reload guard nothing happens and the notice stays: the page a reload just brought is still the old one.
  const reload = () => void reloadPage();
  return (
    <div
      role="status"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-lg items-center justify-between gap-3 rounded-card bg-ink p-3 text-page shadow-xl"
    >
      <span>{t("build.newVersion")}</span>
      <button type="button" onClick={reload} className="button bg-accent text-ink">
        {t("build.reload")}
      </button>
    </div>
  );
}

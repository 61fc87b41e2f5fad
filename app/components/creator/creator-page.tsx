import { useCallback, useEffect, useState, type ComponentType } from "react";
import { Link } from "~/components/link";
import { BrandMark } from "../brand-mark";
import { optionLabel } from "@contract/catalogue/option-label";
import { allStringsLoaded } from "~/lib/i18n/client";
import { useShell } from "../use-shell";
import type { CreatorData, EditorProps } from "./creator-data";
import { CreatorLayout } from "./creator-layout";
import { GuideLegend, PrintArea } from "./print-area";

type EditorComponent = ComponentType<EditorProps>;

/**
 * The creator's page as the server paints it (header, product, size picker, the print area at scale, the toolbar's
 * outline); after hydration the editor's own chunk is imported and takes the same places (decision 0022).
 */
export function CreatorPage({ data, layout }: { data: CreatorData | null; layout: string }) {
  const { t, to } = useShell();
  return (
    <div data-layout={layout} className="flex min-h-dvh flex-col bg-page">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-line bg-surface px-4 py-2">
        <BrandMark />
        <Link to={to("/")} className="button-secondary">
          {t("creator.leave")}
        </Link>
      </header>
      <main id="main" className="flex grow flex-col gap-3 p-3 desktop:p-4">
        {data ? (
          <Creator data={data} />
        ) : (
          <div className="grid grow place-items-center text-center">
            <div className="space-y-4">
              <h1 className="text-3xl font-bold">{t("creator.unavailable.title")}</h1>
              <p className="text-muted">{t("creator.unavailable.text")}</p>
              <Link to={to("/")} className="button-primary">
                {t("errors.backHome")}
              </Link>
            </div>
          </div>
        )}
      </main>
    </div>
  );
}

function Creator({ data }: { data: CreatorData }) {
  const { t } = useShell();
  const [Editor, setEditor] = useState<EditorComponent | null>(null);
  const [failed, setFailed] = useState(false);
  const [design, setDesign] = useState(data.designParam);

  useEffect(() => {
    // The editor shows strings the page's first render did not use: it waits for the locale's whole set too.
    Promise.all([import("./editor"), allStringsLoaded()]).then(
      ([module]) => setEditor(() => module.Editor),
      () => setFailed(true),
    );
  }, []);

  // A first save names the design in the URL, so a reload (or a shared link) opens it.
  const onDesignSaved = useCallback((id: string) => {
    setDesign(id);
    const url = new URL(window.location.href);
    url.searchParams.set("design", id);
    window.history.replaceState(window.history.state, "", url);
  }, []);

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold desktop:text-3xl">{t("creator.heading", { product: data.article.name })}</h1>
        <SizePicker data={data} design={design} hydrated={Editor !== null} />
      </div>
      {data.notice ? (
        <p role="status" className="rounded-card bg-amber-50 px-4 py-3 text-amber-900" data-testid="creator-notice">
          {t(`creator.notices.${data.notice}`)}
        </p>
      ) : null}
      {Editor ? <Editor data={data} onDesignSaved={onDesignSaved} /> : <Skeleton data={data} failed={failed} />}
    </>
  );
}

/** A plain GET form: it works before the editor arrives and without JavaScript; the device's draft follows the size. */
function SizePicker({ data, design, hydrated }: { data: CreatorData; design: string | null; hydrated: boolean }) {
  const { t } = useShell();
  if (data.sizes.length < 2)
    return data.size ? (
      <p className="text-muted">{t("creator.size.only", { size: optionLabel(t, "size", data.size.code) })}</p>
    ) : null;
  return (
    <form method="get" className="flex items-end gap-2" data-testid="size-picker">
      {design ? <input type="hidden" name="design" value={design} /> : null}
      <label className="flex flex-col gap-1 font-semibold">
        {t("creator.size.label")}
        <select
          name="size"
          defaultValue={data.size?.code}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="min-h-11 rounded-button border-2 border-line bg-surface px-3 font-normal"
        >
          {data.sizes.map((option) => (
            <option key={option.id} value={option.code}>
              {optionLabel(t, "size", option.code)}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <button type="submit" className="button-secondary">
          {t("creator.size.apply")}
        </button>
      )}
    </form>
  );
}

/** The editor's places, empty: the print area drawn to scale, the tool tabs and the panels waiting for the editor. */
function Skeleton({ data, failed }: { data: CreatorData; failed: boolean }) {
  const { t } = useShell();
  const tabs = ["photos", "text", "layers"] as const;
  const waiting = (
    <p role="status" className="rounded-card border border-line bg-surface p-3 text-muted" data-testid="editor-loading">
      {failed ? t("creator.loadFailed") : t("creator.loading")}
    </p>
  );
  return (
    <CreatorLayout
      bar={
        <div className="flex flex-wrap gap-2" aria-hidden="true" data-testid="creator-toolbar-skeleton">
          {[t("creator.undo"), t("creator.redo"), t("creator.previewOnProduct")].map((label) => (
            // Muted, not faded: placeholder text still meets the contrast of text (axe color-contrast).
            <span key={label} className="button border-2 border-line px-3 text-muted">
              {label}
            </span>
          ))}
        </div>
      }
      stage={
        <div className="space-y-2">
          <div className="rounded-card border border-line bg-surface p-2">
            <PrintArea
              template={data.template}
              background={data.document.background}
              label={t("creator.stage", { product: data.article.name })}
            />
          </div>
          <GuideLegend template={data.template} t={t} />
        </div>
      }
      tools={
        <div className="grid grid-cols-3 gap-1 rounded-card border border-line bg-surface p-1" aria-hidden="true">
          {tabs.map((tab) => (
            <span key={tab} className="grid min-h-11 place-items-center rounded-button font-semibold text-muted">
              {t(`creator.tabs.${tab}`)}
            </span>
          ))}
        </div>
      }
      side={waiting}
    />
  );
}

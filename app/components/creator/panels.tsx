import { useId, useRef, type ReactNode } from "react";
import type { Translate } from "~/lib/i18n/translator";
import type { DesignElement } from "@contract/creator/document";
import type { ElementQuality } from "@contract/creator/quality";
import type { Upload } from "~/lib/creator/device-drafts";
import { uploadPath, uploadPreviewPath } from "@contract/api/upload-previews";
import type { Transfer } from "./use-photo-uploads";

/**
 * The editor's side panels: photos (upload and tray), text, layers and background (the selected element's:
 * selection-panel.tsx).
 */

export const field = "min-h-11 rounded-button border-2 border-line bg-surface px-3";
export const small =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-button border-2 border-line bg-surface px-3 font-semibold hover:border-brand aria-pressed:border-brand aria-pressed:bg-brand-soft disabled:opacity-50";

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-card border border-line bg-surface p-3"
      data-testid={testId}
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif";

export function PhotosPanel({
  t,
  transfers,
  uploads,
  onFiles,
  onDismiss,
  onPlace,
  placeLabel,
}: {
  t: Translate;
  transfers: Transfer[];
  uploads: Upload[];
  onFiles: (files: File[]) => void;
  onDismiss: (key: string) => void;
  onPlace: (upload: Upload) => void;
  placeLabel: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <Section title={t("creator.photos.title")} testId="photos-panel">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files; the file input is the way in without a pointer */}
      <div
        className="rounded-card border-2 border-dashed border-line p-3 text-center"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          onFiles([...event.dataTransfer.files]);
        }}
      >
        <label htmlFor={inputId} className="button-primary w-full cursor-pointer">
          {t("creator.photos.choose")}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          data-testid="photo-input"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <p className="mt-2 text-sm text-muted">{t("creator.photos.drop")}</p>
      </div>
      {transfers.length ? (
        <ul className="space-y-2" aria-live="polite" data-testid="transfers">
          {transfers.map((item) => (
            <li key={item.key} className="text-sm" data-state={item.state}>
              <div className="flex items-center justify-between gap-2">
                <span className="truncate">{item.name}</span>
                {item.state === "failed" ? (
                  <button type="button" className="text-brand-strong underline" onClick={() => onDismiss(item.key)}>
                    {t("creator.photos.dismiss")}
                  </button>
                ) : (
                  <span>
                    {item.state === "done"
                      ? t("creator.photos.done")
                      : `${Math.round((item.sent / Math.max(1, item.total)) * 100)} %`}
                  </span>
                )}
              </div>
              {item.state === "failed" ? (
                <p role="alert" className="text-red-800">
                  {item.message}
                </p>
              ) : (
                <progress
                  className="h-2 w-full accent-[var(--brand)]"
                  max={Math.max(1, item.total)}
                  value={item.sent}
                  aria-label={t("creator.photos.progress", { name: item.name })}
                  data-testid="upload-progress"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {uploads.length ? (
        <div>
          <p className="text-sm text-muted">{placeLabel}</p>
          <ul className="mt-2 grid grid-cols-4 gap-2" data-testid="photo-tray">
            {uploads.map((upload, index) => (
              <li key={upload.id}>
                <button
                  type="button"
                  onClick={() => onPlace(upload)}
                  className="block aspect-square w-full overflow-hidden rounded-card border-2 border-line hover:border-brand"
                  aria-label={t("creator.photos.place", { number: index + 1 })}
                >
                  <img
                    src={uploadPreviewPath(uploadPath(upload.id), 320, "webp")}
                    alt=""
                    className="h-full w-full object-cover"
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}

export function TextPanel({ t, onAdd }: { t: Translate; onAdd: () => void }) {
  return (
    <Section title={t("creator.text.title")}>
      <button type="button" className="button-primary w-full" onClick={onAdd} data-testid="add-text">
        {t("creator.text.add")}
      </button>
      <p className="text-sm text-muted">{t("creator.text.hint")}</p>
    </Section>
  );
}

/** The shown page's layers, and the design's background. */
export function LayersPanel({
  t,
  elements,
  background,
  selectedId,
  names,
  quality,
  onSelect,
  onBackground,
}: {
  t: Translate;
  elements: readonly DesignElement[];
  background: string;
  selectedId: string | null;
  names: Map<string, string>;
  quality: Map<string, ElementQuality>;
  onSelect: (id: string) => void;
  onBackground: (colour: string) => void;
}) {
  const colourId = useId();
  return (
    <Section title={t("creator.layers.title")} testId="layers-panel">
      {elements.length ? (
        <ol className="space-y-1" data-testid="layer-list">
          {[...elements].reverse().map((element) => {
            const check = quality.get(element.id);
            return (
              <li key={element.id}>
                <button
                  type="button"
                  aria-pressed={element.id === selectedId}
                  onClick={() => onSelect(element.id)}
                  className="flex min-h-11 w-full items-center justify-between gap-2 rounded-button border-2 border-line bg-surface px-3 text-left font-semibold hover:border-brand aria-pressed:border-brand aria-pressed:bg-brand-soft"
                >
                  <span className="truncate">{names.get(element.id)}</span>
                  {check?.level === "block" || check?.level === "warn" || check?.outsideSafeArea ? (
                    <span className="text-sm text-red-800">{t("creator.layers.check")}</span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-muted">{t("creator.layers.empty")}</p>
      )}
      <label htmlFor={colourId} className="flex items-center justify-between gap-3 font-semibold">
        {t("creator.layers.background")}
        <input
          id={colourId}
          type="color"
          value={background}
          onChange={(event) => onBackground(event.target.value.toLowerCase())}
          className="h-11 w-16 cursor-pointer rounded-button border-2 border-line"
          data-testid="background-colour"
        />
      </label>
    </Section>
  );
}

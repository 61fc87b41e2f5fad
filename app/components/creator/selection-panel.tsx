import { useId } from "react";
import {
  CREATOR_FONTS,
  TEXT_ALIGNS,
  type DesignElement,
  type PhotoElement,
  type TextElement,
} from "@contract/creator/document";
import type { ElementQuality } from "@contract/creator/quality";
import type { Translate } from "~/lib/i18n/translator";
import { field, Section, small } from "./panels";

/** The selected element's panel: its quality, its text or photo controls, its layer and removal. */

type SelectionProps = {
  t: Translate;
  element: DesignElement;
  name: string;
  check: ElementQuality | undefined;
  adjusting: boolean;
  isTop: boolean;
  isBottom: boolean;
  onChange: (change: Partial<DesignElement>, key?: string) => void;
  onText: (change: Partial<TextElement>, key?: string) => void;
  onAdjust: (on: boolean) => void;
  onLayer: (step: 1 | -1) => void;
  onRemove: () => void;
  onReplace: () => void;
};

function QualityNote({ t, check }: { t: Translate; check: ElementQuality | undefined }) {
  if (!check) return null;
  return (
    <>
      {check.dpi !== null ? (
        <p
          data-testid="selected-dpi"
          data-level={check.level}
          className={
            check.level === "ok"
              ? "text-green-800"
              : check.level === "warn"
                ? "font-semibold text-amber-900"
                : "font-semibold text-red-800"
          }
        >
          {t("creator.quality.dpi", { dpi: check.dpi })}
          {check.level === "warn"
            ? ` — ${t("creator.quality.warn")}`
            : check.level === "block"
              ? ` — ${t("creator.quality.block")}`
              : ""}
        </p>
      ) : null}
      {check.outsideSafeArea ? <p className="font-semibold text-orange-900">{t("creator.quality.outside")}</p> : null}
    </>
  );
}

export function SelectionPanel(props: SelectionProps) {
  const { t, element, check } = props;
  const ids = { zoom: useId(), rotation: useId(), font: useId(), size: useId(), colour: useId(), text: useId() };
  return (
    <Section title={t("creator.selection.title", { name: props.name })} testId="selection-panel">
      <QualityNote t={t} check={check} />
      {element.kind === "photo" ? <PhotoControls {...props} photo={element} zoomId={ids.zoom} /> : null}
      {element.kind === "text" ? (
        <div className="space-y-3">
          <label htmlFor={ids.text} className="block font-semibold">
            {t("creator.text.content")}
            <textarea
              id={ids.text}
              value={element.text}
              maxLength={500}
              rows={2}
              onChange={(event) => props.onText({ text: event.target.value }, `text:${element.id}`)}
              className={`${field} mt-1 block w-full py-2 font-normal`}
              data-testid="text-content"
            />
          </label>
          <div className="grid grid-cols-2 gap-2">
            <label htmlFor={ids.font} className="font-semibold">
              {t("creator.text.font")}
              <select
                id={ids.font}
                value={element.font}
                onChange={(event) => props.onText({ font: event.target.value as TextElement["font"] })}
                className={`${field} mt-1 block w-full font-normal`}
              >
                {CREATOR_FONTS.map((font) => (
                  <option key={font} value={font}>
                    {t(`creator.fonts.${font}`)}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={ids.size} className="font-semibold">
              {t("creator.text.size")}
              <input
                id={ids.size}
                type="number"
                min={4}
                max={400}
                value={Math.round(element.sizePt)}
                onChange={(event) =>
                  props.onText(
                    { sizePt: Math.min(400, Math.max(4, Number(event.target.value) || 4)) },
                    `size:${element.id}`,
                  )
                }
                className={`${field} mt-1 block w-full font-normal`}
              />
            </label>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={ids.colour} className="flex items-center gap-2 font-semibold">
              {t("creator.text.colour")}
              <input
                id={ids.colour}
                type="color"
                value={element.colour}
                onChange={(event) => props.onText({ colour: event.target.value.toLowerCase() }, `colour:${element.id}`)}
                className="h-11 w-14 cursor-pointer rounded-button border-2 border-line"
              />
            </label>
            <button
              type="button"
              className={small}
              aria-pressed={element.bold}
              onClick={() => props.onText({ bold: !element.bold })}
            >
              <b>{t("creator.text.bold")}</b>
            </button>
            <button
              type="button"
              className={small}
              aria-pressed={element.italic}
              onClick={() => props.onText({ italic: !element.italic })}
            >
              <i>{t("creator.text.italic")}</i>
            </button>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons named as one group; a fieldset would need a legend it has no room for */}
          <div role="group" aria-label={t("creator.text.align")} className="flex gap-2">
            {TEXT_ALIGNS.map((align) => (
              <button
                key={align}
                type="button"
                className={small}
                aria-pressed={element.align === align}
                onClick={() => props.onText({ align })}
              >
                {t(`creator.text.${align}`)}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <label htmlFor={ids.rotation} className="block font-semibold">
        {t("creator.selection.rotation", { degrees: Math.round(element.rotation) })}
        <input
          id={ids.rotation}
          type="range"
          min={-180}
          max={180}
          step={1}
          value={element.rotation}
          onChange={(event) => props.onChange({ rotation: Number(event.target.value) }, `rotation:${element.id}`)}
          className="mt-1 block w-full accent-[var(--brand)]"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={small} disabled={props.isTop} onClick={() => props.onLayer(1)}>
          {t("creator.selection.forward")}
        </button>
        <button type="button" className={small} disabled={props.isBottom} onClick={() => props.onLayer(-1)}>
          {t("creator.selection.backward")}
        </button>
        <button type="button" className={`${small} text-red-800`} onClick={props.onRemove} data-testid="remove-element">
          {t("creator.selection.remove")}
        </button>
      </div>
    </Section>
  );
}

function PhotoControls(props: SelectionProps & { photo: PhotoElement; zoomId: string }) {
  const { t, photo } = props;
  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons named as one group; a fieldset would need a legend it has no room for */}
      <div role="group" aria-label={t("creator.photo.fitting")} className="flex flex-wrap gap-2">
        <button
          type="button"
          className={small}
          aria-pressed={photo.fit === "fill"}
          onClick={() => props.onChange({ fit: "fill", panX: 0, panY: 0 } as Partial<PhotoElement>)}
        >
          {t("creator.photo.fill")}
        </button>
        <button
          type="button"
          className={small}
          aria-pressed={photo.fit === "fit"}
          onClick={() => props.onChange({ fit: "fit", zoom: 1, panX: 0, panY: 0 } as Partial<PhotoElement>)}
        >
          {t("creator.photo.fit")}
        </button>
        <button type="button" className={small} onClick={props.onReplace} data-testid="replace-photo">
          {photo.upload ? t("creator.photo.replace") : t("creator.photo.choose")}
        </button>
      </div>
      {photo.upload ? (
        <>
          <button
            type="button"
            className={`${small} w-full`}
            aria-pressed={props.adjusting}
            onClick={() => props.onAdjust(!props.adjusting)}
            data-testid="adjust-photo"
          >
            {t("creator.photo.adjust")}
          </button>
          <label htmlFor={props.zoomId} className="block font-semibold">
            {t("creator.photo.zoom", { zoom: photo.zoom.toFixed(1) })}
            <input
              id={props.zoomId}
              type="range"
              min={1}
              max={5}
              step={0.05}
              value={photo.zoom}
              onChange={(event) =>
                props.onChange({ zoom: Number(event.target.value) } as Partial<PhotoElement>, `zoom:${photo.id}`)
              }
              className="mt-1 block w-full accent-[var(--brand)]"
              data-testid="photo-zoom"
            />
          </label>
        </>
      ) : null}
    </div>
  );
}

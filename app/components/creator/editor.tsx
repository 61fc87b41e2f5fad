import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import type { DesignDocument, TextElement } from "@contract/creator/document";
import { designQuality } from "@contract/creator/quality";
import { templateFor } from "@contract/creator/templates";
import { reloadPage } from "~/lib/client-state/reload";
import { draftKey, forgetDraft, readDraft, writeDraft, type Upload } from "~/lib/creator/device-drafts";
import { textBox } from "~/lib/creator/editing";
import { loadFontsFor, measureLine, registerCreatorFonts } from "~/lib/creator/fonts.client";
import { useAuthStatus } from "../use-auth-status";
import { useShell } from "../use-shell";
import type { EditorProps } from "./creator-data";
import { CreatorLayout } from "./creator-layout";
import { editorReducer, startEditor, TABS } from "./editor-state";
import { EditorToolbar } from "./editor-toolbar";
import { LayersPanel, PhotosPanel, TextPanel } from "./panels";
import { GuideLegend } from "./print-area";
import { ProductPreview } from "./product-preview";
import { SavePanel } from "./save-panel";
import { SelectionPanel } from "./selection-panel";
import { Stage } from "./stage";
import { usePhotoUploads } from "./use-photo-uploads";
import { useSaveAndCart, type Saved } from "./use-save-and-cart";

/** A text's box fitted to its lines in its font as loaded now. */
function fitted(text: TextElement): TextElement {
  return { ...text, ...textBox(text, measureLine(text)) };
}

const reducer = editorReducer(fitted);

/** The editor, loaded after hydration (its own chunk): the stage, the panels, undo, the device draft, save and cart. */
export function Editor({ data, onDesignSaved }: EditorProps) {
  const { t, to } = useShell();
  const auth = useAuthStatus();
  const prefix = to("/") === "/" ? "" : to("/");
  const { article } = data;
  const key = useRef(draftKey(article.id, data.designParam));
  const [state, dispatch] = useReducer(reducer, data, (loaded) =>
    startEditor(loaded, readDraft(window.localStorage, key.current, loaded.article.id)),
  );
  const { history, selectedId, editingText, adjusting, view, tab, uploads, saved, name, restored, kept } = state;
  const document = history.present;
  const replacing = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const template = useMemo(
    () => templateFor(article.kind, document.size, document.landscape),
    [article.kind, document.size, document.landscape],
  );
  const quality = useMemo(() => designQuality(document, template), [document, template]);
  const checks = useMemo(() => new Map(quality.elements.map((element) => [element.id, element])), [quality]);
  const names = useMemo(() => {
    const counts = { photo: 0, text: 0, art: 0 };
    return new Map(
      document.elements.map((element) => [
        element.id,
        t(`creator.layers.${element.kind}`, { number: ++counts[element.kind] }),
      ]),
    );
  }, [document.elements, t]);
  const selected = document.elements.find((element) => element.id === selectedId);

  // The fonts: registered once; when one arrives, texts are measured again (not an undo step).
  const firstTexts = useRef(document.elements.filter((element): element is TextElement => element.kind === "text"));
  useEffect(() => {
    registerCreatorFonts();
    const refit = () => dispatch({ type: "refitTexts" });
    void loadFontsFor(firstTexts.current).then(refit);
    window.document.fonts.addEventListener("loadingdone", refit);
    return () => window.document.fonts.removeEventListener("loadingdone", refit);
  }, []);

  // The draft on the device, a moment after each change.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const kept = writeDraft(window.localStorage, key.current, {
        document,
        savedId: saved?.id ?? null,
        baseVersion: saved?.version ?? null,
        name,
        uploads,
        updatedAt: Date.now(),
      });
      dispatch({ type: "draftKept", kept });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [document, saved, name, uploads]);

  const placePhoto = useCallback(
    (upload: Upload, intoSelected = false) =>
      dispatch({ type: "placePhoto", upload, intoSelected, kind: article.kind }),
    [article.kind],
  );

  const uploader = usePhotoUploads({
    prefix,
    articleId: article.id,
    designId: saved?.id ?? null,
    template,
    networkMessage: t("creator.errors.uploadNetwork"),
    notPhotoMessage: t("creator.errors.notPhoto"),
    unreadableMessage: t("creator.errors.photoUnreadable"),
    onUploaded: (upload) => {
      dispatch({ type: "uploaded", upload });
      placePhoto(upload, replacing.current);
      replacing.current = false;
    },
  });

  const onSaved = useCallback(
    (next: Saved, savedDocument: DesignDocument) => {
      dispatch({ type: "saved", saved: next });
      const newKey = draftKey(article.id, next.id);
      if (newKey !== key.current) {
        writeDraft(window.localStorage, newKey, {
          document: savedDocument,
          savedId: next.id,
          baseVersion: next.version,
          name,
          uploads,
          updatedAt: Date.now(),
        });
        forgetDraft(window.localStorage, key.current);
        key.current = newKey;
      }
      onDesignSaved(next.id);
    },
    [article.id, name, uploads, onDesignSaved],
  );

  const saving = useSaveAndCart({
    prefix,
    articleId: article.id,
    document,
    template,
    name,
    saved,
    sizeOptionId: data.size?.id ?? null,
    onSaved,
  });

  const newText = () =>
    dispatch({
      type: "addText",
      template,
      text: t("creator.text.placeholder"),
      measure: measureLine({ font: "roboto", bold: false, italic: false, sizePt: 12 }),
    });

  // Keyboard: undo and redo, Delete removes, arrows nudge (Shift: 10 mm), Enter edits a text, Escape lets go.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, select, [contenteditable=true]");
      const command = event.ctrlKey || event.metaKey;
      if (command && !typing && (event.key.toLowerCase() === "z" || event.key.toLowerCase() === "y")) {
        event.preventDefault();
        dispatch({ type: event.key.toLowerCase() === "y" || event.shiftKey ? "redo" : "undo" });
        return;
      }
      if (event.key === "Escape") {
        dispatch({ type: "letGo", keepSelection: Boolean(typing) });
        return;
      }
      if (typing || command || view !== "edit" || !selectedId) return;
      if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        dispatch({ type: "removeSelected" });
      } else if (event.key.startsWith("Arrow")) {
        event.preventDefault();
        const step = event.shiftKey ? 10 : 1;
        const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
          event.key
        ] ?? [0, 0];
        dispatch({ type: "nudgeSelected", dx, dy });
      } else if (event.key === "Enter" && selected?.kind === "text") {
        event.preventDefault();
        dispatch({ type: "editText", id: selectedId });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [view, selectedId, selected?.kind]);

  const blockedPhotos = quality.elements
    .filter((element) => element.level === "block")
    .map((element) => names.get(element.id) ?? "");
  const warned = quality.elements
    .filter((element) => element.level === "warn")
    .map((element) => names.get(element.id) ?? "");
  const outside = quality.elements
    .filter((element) => element.outsideSafeArea)
    .map((element) => names.get(element.id) ?? "");
  const canTurn = template.shape !== "wrap" && template.widthMm !== template.heightMm;

  const bar = (
    <EditorToolbar
      t={t}
      canUndo={history.past.length > 0}
      canRedo={history.future.length > 0}
      view={view}
      landscape={canTurn ? document.landscape : null}
      kept={kept}
      dispatch={dispatch}
      kind={article.kind}
    />
  );

  const stage = (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files; the file input is the way in without a pointer
    <div
      className="space-y-2"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        uploader.send([...event.dataTransfer.files]);
      }}
    >
      {restored ? (
        <p
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-brand-soft px-3 py-2"
          data-testid="draft-restored"
        >
          {t("creator.draft.restored")}
          <button
            type="button"
            className="font-semibold text-brand-strong underline"
            onClick={() => dispatch({ type: "dismissRestored" })}
          >
            {t("creator.draft.ok")}
          </button>
        </p>
      ) : null}
      <div role="status" aria-live="polite" data-testid="quality-summary" className="space-y-1">
        {blockedPhotos.length ? (
          <p className="rounded-card bg-red-50 px-3 py-2 font-semibold text-red-800" data-testid="quality-block">
            {t("creator.quality.blocking", { photos: blockedPhotos.join(", ") })}
          </p>
        ) : null}
        {warned.length ? (
          <p className="rounded-card bg-amber-50 px-3 py-2 text-amber-900" data-testid="quality-warn">
            {t("creator.quality.warning", { photos: warned.join(", ") })}
          </p>
        ) : null}
        {outside.length ? (
          <p className="rounded-card bg-orange-50 px-3 py-2 text-orange-900" data-testid="quality-outside">
            {t("creator.quality.outsideList", { elements: outside.join(", ") })}
          </p>
        ) : null}
      </div>
      <div
        className="rounded-card border border-line bg-[repeating-conic-gradient(#f3f4f6_0_25%,#ffffff_0_50%)] bg-[length:16px_16px] p-2"
        data-view={view}
      >
        {view === "edit" ? (
          <Stage
            document={document}
            template={template}
            selectedId={selectedId}
            quality={checks}
            adjusting={adjusting}
            editingText={editingText}
            label={t("creator.stage", { product: article.name })}
            emptyFrameLabel={t("creator.photo.empty")}
            dpiLabel={(dpi) => t("creator.quality.badge", { dpi })}
            onSelect={(id) => dispatch({ type: "selectOnStage", id })}
            onPreview={(next) => dispatch({ type: "preview", document: next })}
            onGestureEnd={(before) => dispatch({ type: "settle", before })}
            onEditText={(id) => dispatch({ type: "editText", id })}
            onTextInput={(id, text) => dispatch({ type: "typeText", id, text })}
          />
        ) : (
          <ProductPreview
            document={document}
            template={template}
            label={t("creator.preview", { product: article.name })}
            emptyLabel={t("creator.photo.empty")}
          />
        )}
      </div>
      <GuideLegend template={template} t={t} />
      <p className="text-sm text-muted" id="creator-keys">
        {t("creator.keys")}
      </p>
    </div>
  );

  const tools = (
    <div className="space-y-3">
      <div
        role="tablist"
        aria-label={t("creator.tools")}
        className="grid grid-cols-3 gap-1 rounded-card border border-line bg-surface p-1"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`creator-tab-${name}`}
            id={`creator-tabbutton-${name}`}
            onClick={() => dispatch({ type: "showTab", tab: name })}
            className="min-h-11 rounded-button px-2 font-semibold aria-selected:bg-brand aria-selected:text-on-brand"
            data-testid={`tab-${name}`}
          >
            {t(`creator.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`creator-tab-${tab}`} aria-labelledby={`creator-tabbutton-${tab}`}>
        {tab === "photos" ? (
          <PhotosPanel
            t={t}
            transfers={uploader.transfers}
            uploads={uploads}
            onFiles={uploader.send}
            onDismiss={uploader.dismiss}
            onPlace={(upload) => placePhoto(upload, true)}
            placeLabel={t("creator.photos.tray")}
          />
        ) : tab === "text" ? (
          <TextPanel t={t} onAdd={newText} />
        ) : (
          <LayersPanel
            t={t}
            document={document}
            selectedId={selectedId}
            names={names}
            quality={checks}
            onSelect={(id) => dispatch({ type: "selectLayer", id })}
            onBackground={(colour) => dispatch({ type: "setBackground", colour })}
          />
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          uploader.send([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
    </div>
  );

  const side = (
    <div className="space-y-3">
      {selected ? (
        <SelectionPanel
          t={t}
          element={selected}
          name={names.get(selected.id) ?? ""}
          check={checks.get(selected.id)}
          adjusting={adjusting}
          isTop={document.elements.at(-1)?.id === selected.id}
          isBottom={document.elements[0]?.id === selected.id}
          onChange={(change, key) => dispatch({ type: "changeSelected", change, key: key ?? null })}
          onText={(change, key) => dispatch({ type: "changeSelectedText", change, key: key ?? null })}
          onAdjust={(on) => dispatch({ type: "adjust", on })}
          onLayer={(step) => dispatch({ type: "moveLayer", id: selected.id, step })}
          onRemove={() => dispatch({ type: "removeSelected" })}
          onReplace={() => {
            replacing.current = true;
            fileInput.current?.click();
          }}
        />
      ) : (
        <p className="rounded-card border border-line bg-surface p-3 text-muted">{t("creator.selection.none")}</p>
      )}
      <SavePanel
        t={t}
        name={name}
        onName={(name) => dispatch({ type: "rename", name })}
        saving={saving}
        blocked={quality.blocking}
        hasContent={document.elements.length > 0}
        signedIn={auth.signedIn}
        names={names}
        reloadLatest={
          saved
            ? () => {
                forgetDraft(window.localStorage, key.current);
                reloadPage(`${to(`/create/${article.id}`)}?design=${saved.id}`);
              }
            : null
        }
      />
    </div>
  );

  return <CreatorLayout bar={bar} stage={stage} tools={tools} side={side} />;
}

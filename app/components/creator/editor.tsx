import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DesignDocument, DesignElement, TextElement } from "@contract/creator/document";
import { designQuality } from "@contract/creator/quality";
import { templateFor } from "@contract/creator/templates";
import { reloadPage } from "~/lib/client-state/reload";
import { draftKey, forgetDraft, readDraft, writeDraft, type Upload } from "~/lib/creator/device-drafts";
import {
  addPhoto,
  addText,
  moveLayer,
  nudge,
  relayout,
  removeElement,
  textBox,
  updateElement,
} from "~/lib/creator/editing";
import { loadFontsFor, measureLine, registerCreatorFonts } from "~/lib/creator/fonts.client";
import { preview, record, redo, settle, startHistory, undo, type History } from "~/lib/creator/history";
import { useAuthStatus } from "../use-auth-status";
import { useShell } from "../use-shell";
import type { CreatorData } from "./creator-page";
import { CreatorLayout } from "./creator-layout";
import { LayersPanel, PhotosPanel, SelectionPanel, TextPanel } from "./panels";
import { GuideLegend } from "./print-area";
import { ProductPreview } from "./product-preview";
import { SavePanel } from "./save-panel";
import { Stage } from "./stage";
import { usePhotoUploads } from "./use-photo-uploads";
import { useSaveAndCart, type Saved } from "./use-save-and-cart";

type Tab = "photos" | "text" | "layers";
const TABS: Tab[] = ["photos", "text", "layers"];

/** A text's box fitted to its lines in its font as loaded now. */
function fitted(text: TextElement): TextElement {
  return { ...text, ...textBox(text, measureLine(text)) };
}

/** The editor, loaded after hydration (its own chunk): the stage, the panels, undo, the device draft, save and cart. */
export function Editor({ data, onDesignSaved }: { data: CreatorData; onDesignSaved: (id: string) => void }) {
  const { t, to } = useShell();
  const auth = useAuthStatus();
  const prefix = to("/") === "/" ? "" : to("/");
  const { article } = data;
  const sizeCode = data.size?.code ?? null;
  const key = useRef(draftKey(article.id, data.designParam));

  const [start] = useState(() => {
    const draft = readDraft(window.localStorage, key.current, article.id);
    const usable =
      draft && (!data.saved || (draft.savedId === data.saved.id && (draft.baseVersion ?? 0) >= data.saved.version));
    const document = usable ? draft.document : data.document;
    return { document: relayout(document, article.kind, sizeCode, document.landscape), draft: usable ? draft : null };
  });
  const [history, setHistory] = useState<History<DesignDocument>>(() => startHistory(start.document));
  const document = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingText, setEditingText] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [view, setView] = useState<"edit" | "product">("edit");
  const [tab, setTab] = useState<Tab>("photos");
  const [uploads, setUploads] = useState<Upload[]>(start.draft?.uploads ?? []);
  const [saved, setSaved] = useState<Saved | null>(
    start.draft?.savedId ? { id: start.draft.savedId, version: start.draft.baseVersion ?? 1 } : data.saved,
  );
  const [name, setName] = useState(start.draft?.name ?? data.saved?.name ?? article.name);
  const [restored, setRestored] = useState(start.draft !== null);
  const [kept, setKept] = useState<boolean | null>(null);
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

  const selection = useRef(selectedId);
  selection.current = selectedId;
  const commit = useCallback(
    (change: (document: DesignDocument) => DesignDocument, key: string | null = null) =>
      setHistory((current) => record(current, change(current.present), key)),
    [],
  );

  // The fonts: registered once; when one arrives, texts are measured again (not an undo step).
  useEffect(() => {
    registerCreatorFonts();
    const refit = () =>
      setHistory((current) => {
        let changed = false;
        const elements = current.present.elements.map((element) => {
          if (element.kind !== "text") return element;
          const next = fitted(element);
          if (Math.abs(next.width - element.width) < 0.2 && Math.abs(next.height - element.height) < 0.2)
            return element;
          changed = true;
          return next;
        });
        return changed ? preview(current, { ...current.present, elements }) : current;
      });
    void loadFontsFor(
      history.present.elements.filter((element): element is TextElement => element.kind === "text"),
    ).then(refit);
    window.document.fonts.addEventListener("loadingdone", refit);
    return () => window.document.fonts.removeEventListener("loadingdone", refit);
    // Once, at start: the texts of the first document; later ones are measured as they change.
  }, []);

  // The draft on the device, a moment after each change.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setKept(
        writeDraft(window.localStorage, key.current, {
          document,
          savedId: saved?.id ?? null,
          baseVersion: saved?.version ?? null,
          name,
          uploads,
          updatedAt: Date.now(),
        }),
      );
    }, 250);
    return () => window.clearTimeout(timer);
  }, [document, saved, name, uploads]);

  /** A photo into the selected frame (when `intoSelected`, or when that frame is empty), else the first empty frame, else a new one. */
  const placePhoto = useCallback(
    (upload: Upload, intoSelected = false) => {
      setHistory((current) => {
        const doc = current.present;
        const chosen = doc.elements.find((element) => element.id === selection.current && element.kind === "photo");
        const emptyFrame = doc.elements.find((element) => element.kind === "photo" && !element.upload);
        const target = chosen && (intoSelected || (chosen.kind === "photo" && !chosen.upload)) ? chosen : emptyFrame;
        if (target) {
          window.setTimeout(() => setSelectedId(target.id));
          return record(
            current,
            updateElement(doc, target.id, { upload, zoom: 1, panX: 0, panY: 0 } as Partial<DesignElement>),
          );
        }
        const added = addPhoto(doc, templateFor(article.kind, doc.size, doc.landscape), upload);
        window.setTimeout(() => setSelectedId(added.id));
        return record(current, added.document);
      });
    },
    [article.kind],
  );

  const uploader = usePhotoUploads({
    prefix,
    articleId: article.id,
    designId: saved?.id ?? null,
    template,
    networkMessage: t("creator.errors.uploadNetwork"),
    onUploaded: (upload) => {
      setUploads((list) => (list.some((item) => item.id === upload.id) ? list : [...list, upload]));
      placePhoto(upload, replacing.current);
      replacing.current = false;
    },
  });

  const onSaved = useCallback(
    (next: Saved, savedDocument: DesignDocument) => {
      setSaved(next);
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

  const changeSelected = (change: Partial<DesignElement>, key?: string) => {
    if (selectedId) commit((doc) => updateElement(doc, selectedId, change), key ?? null);
  };
  const changeText = (change: Partial<TextElement>, key?: string) => {
    if (!selected || selected.kind !== "text") return;
    commit((doc) => {
      const current = doc.elements.find((element) => element.id === selected.id);
      if (current?.kind !== "text") return doc;
      const next = fitted({ ...current, ...change });
      return updateElement(doc, selected.id, { ...next, x: current.x, y: current.y });
    }, key ?? null);
  };
  const remove = useCallback(() => {
    const id = selection.current;
    if (!id) return;
    commit((doc) => removeElement(doc, id));
    setSelectedId(null);
    setEditingText(null);
  }, [commit]);
  const newText = () => {
    const added = addText(
      document,
      template,
      t("creator.text.placeholder"),
      measureLine({ font: "roboto", bold: false, italic: false, sizePt: 12 }),
    );
    setHistory((current) => record(current, added.document));
    setSelectedId(added.id);
    setEditingText(added.id);
  };

  // Keyboard: undo and redo, Delete removes, arrows nudge (Shift: 10 mm), Enter edits a text, Escape lets go.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, select, [contenteditable=true]");
      const command = event.ctrlKey || event.metaKey;
      if (command && !typing && (event.key.toLowerCase() === "z" || event.key.toLowerCase() === "y")) {
        event.preventDefault();
        const again = event.key.toLowerCase() === "y" || event.shiftKey;
        setHistory((current) => (again ? redo(current) : undo(current)));
        return;
      }
      if (event.key === "Escape") {
        setEditingText(null);
        if (!typing) setSelectedId(null);
        return;
      }
      if (typing || command || view !== "edit") return;
      const id = selection.current;
      if (!id) return;
      if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        remove();
      } else if (event.key.startsWith("Arrow")) {
        event.preventDefault();
        const step = event.shiftKey ? 10 : 1;
        const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
          event.key
        ] ?? [0, 0];
        commit((doc) => nudge(doc, id, dx!, dy!), `nudge:${id}`);
      } else if (event.key === "Enter" && document.elements.find((element) => element.id === id)?.kind === "text") {
        event.preventDefault();
        setEditingText(id);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [commit, remove, view, document.elements]);

  useEffect(() => {
    if (selected?.kind !== "photo") setAdjusting(false);
  }, [selected?.kind]);

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
    <div
      className="flex flex-wrap items-center gap-2"
      role="toolbar"
      aria-label={t("creator.toolbar")}
      data-testid="creator-toolbar"
    >
      <button
        type="button"
        className="button-secondary px-3"
        disabled={!history.past.length}
        onClick={() => setHistory(undo)}
        aria-keyshortcuts="Control+Z Meta+Z"
        data-testid="undo"
      >
        {t("creator.undo")}
      </button>
      <button
        type="button"
        className="button-secondary px-3"
        disabled={!history.future.length}
        onClick={() => setHistory(redo)}
        aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
        data-testid="redo"
      >
        {t("creator.redo")}
      </button>
      <button
        type="button"
        className="button-secondary px-3"
        aria-pressed={view === "product"}
        onClick={() => {
          setView(view === "edit" ? "product" : "edit");
          setEditingText(null);
        }}
        data-testid="preview-toggle"
      >
        {t("creator.previewOnProduct")}
      </button>
      {canTurn ? (
        <button
          type="button"
          className="button-secondary px-3"
          onClick={() => commit((doc) => relayout(doc, article.kind, doc.size, !doc.landscape))}
        >
          {document.landscape ? t("creator.portrait") : t("creator.landscape")}
        </button>
      ) : null}
      <span
        className="ml-auto text-sm text-muted"
        data-testid="device-draft"
        data-kept={kept === null ? undefined : String(kept)}
      >
        {kept === false ? t("creator.draft.notKept") : kept ? t("creator.draft.kept") : ""}
      </span>
    </div>
  );

  const stage = (
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
            onClick={() => setRestored(false)}
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
            onSelect={(id) => {
              setSelectedId(id);
              setEditingText(null);
            }}
            onPreview={(next) => setHistory((current) => preview(current, next))}
            onGestureEnd={(before) => setHistory((current) => settle(current, before))}
            onEditText={setEditingText}
            onTextInput={(id, text) =>
              commit((doc) => {
                const current = doc.elements.find((element) => element.id === id);
                return current?.kind === "text"
                  ? updateElement(doc, id, {
                      ...fitted({ ...current, text: text.slice(0, 500) }),
                      x: current.x,
                      y: current.y,
                    })
                  : doc;
              }, `text:${id}`)
            }
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
            onClick={() => setTab(name)}
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
            onSelect={setSelectedId}
            onBackground={(colour) => commit((doc) => ({ ...doc, background: colour }), "background")}
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
          onChange={changeSelected}
          onText={changeText}
          onAdjust={setAdjusting}
          onLayer={(step) => commit((doc) => moveLayer(doc, selected.id, step))}
          onRemove={remove}
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
        onName={setName}
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

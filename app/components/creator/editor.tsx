import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { allElements, type DesignDocument, type TextElement } from "@contract/creator/document";
import { emptyFrames, pageRules } from "@contract/creator/pages";
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
import { editorReducer, startEditor } from "./editor-state";
import { EditorToolbar } from "./editor-toolbar";
import { PageStage } from "./page-stage";
import { pageLabel, PageStrip, usePageGrids } from "./page-strip";
import { PageTools } from "./page-tools";
import { LayersPanel, PhotosPanel, TextPanel } from "./panels";
import { PagePrice } from "./page-price";
import { GuideLegend } from "./print-area";
import { SavePanel } from "./save-panel";
import { SelectionPanel } from "./selection-panel";
import { StageNotices } from "./stage-notices";
import { ToolTabs } from "./tool-tabs";
import { useEditorKeys } from "./use-editor-keys";
import { usePhotoUploads } from "./use-photo-uploads";
import { useSaveAndCart, type Saved } from "./use-save-and-cart";

/** A text's box fitted to its lines in its font as loaded now. */
function fitted(text: TextElement): TextElement {
  return { ...text, ...textBox(text, measureLine(text)) };
}

const reducer = editorReducer(fitted);

/**
 * The editor, loaded after hydration (its own chunk): the stage and its pages, the panels, undo, the device draft,
 * save and cart.
 */
export function Editor({ data, onDesignSaved }: EditorProps) {
  const { t, to } = useShell();
  const auth = useAuthStatus();
  const prefix = to("/") === "/" ? "" : to("/");
  const { article } = data;
  const rules = pageRules(article.kind);
  const paged = rules.cover;
  const key = useRef(draftKey(article.id, data.designParam));
  const [state, dispatch] = useReducer(reducer, data, (loaded) =>
    startEditor(loaded, readDraft(window.localStorage, key.current, loaded.article.id)),
  );
  const { history, selectedId, adjusting, view, tab, uploads, saved, name, restored, kept, page } = state;
  const document = history.present;
  const pageElements = document.pages[page]?.elements ?? [];
  const replacing = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const template = useMemo(
    () => templateFor(article.kind, document.size, document.landscape),
    [article.kind, document.size, document.landscape],
  );
  const grids = usePageGrids(document);
  const quality = useMemo(() => designQuality(document, template), [document, template]);
  const checks = useMemo(() => new Map(quality.elements.map((element) => [element.id, element])), [quality]);
  const names = useMemo(() => {
    const counts = { photo: 0, text: 0, art: 0 };
    return new Map(
      document.pages.flatMap((item, index) =>
        item.elements.map((element) => {
          const own = t(`creator.layers.${element.kind}`, { number: ++counts[element.kind] });
          const named = paged
            ? t("creator.layers.onPage", { name: own, page: pageLabel(t, rules, document, index) })
            : own;
          return [element.id, named] as const;
        }),
      ),
    );
  }, [document, paged, rules, t]);
  const selected = pageElements.find((element) => element.id === selectedId);
  const empty = useMemo(() => (paged ? emptyFrames(document) : []), [document, paged]);
  const placedIds = useMemo(
    () =>
      new Set(
        allElements(document).flatMap((element) =>
          element.kind === "photo" && element.upload ? [element.upload.id] : [],
        ),
      ),
    [document],
  );

  // The fonts: registered once; when one arrives, texts are measured again (not an undo step).
  const firstTexts = useRef(allElements(document).filter((element): element is TextElement => element.kind === "text"));
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
      // A product of many pages keeps new photos in the tray (auto-fill or a press places them), unless replacing.
      if (!paged || replacing.current) placePhoto(upload, replacing.current);
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

  useEditorKeys({
    view,
    selectedId,
    selectedIsText: selected?.kind === "text",
    page,
    pages: document.pages.length,
    dispatch,
  });

  const namesWhere = (keep: (check: (typeof quality.elements)[number]) => boolean) =>
    quality.elements.filter(keep).map((element) => names.get(element.id) ?? "");
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
        if (event.dataTransfer.files.length) uploader.send([...event.dataTransfer.files]);
      }}
    >
      <StageNotices
        t={t}
        restored={restored}
        blocked={namesWhere((check) => check.level === "block")}
        warned={namesWhere((check) => check.level === "warn")}
        outside={namesWhere((check) => check.outsideSafeArea)}
        dispatch={dispatch}
      />
      <PageStage
        t={t}
        state={state}
        rules={rules}
        template={template}
        grids={grids}
        checks={checks}
        productName={article.name}
        dispatch={dispatch}
        onFiles={uploader.send}
      />
      {paged ? (
        <PageStrip
          t={t}
          document={document}
          rules={rules}
          page={page}
          template={template}
          grids={grids}
          dispatch={dispatch}
        />
      ) : null}
      {paged ? (
        <PageTools
          t={t}
          document={document}
          rules={rules}
          page={page}
          template={template}
          unplaced={uploads.filter((upload) => !placedIds.has(upload.id)).length}
          dispatch={dispatch}
        />
      ) : null}
      <GuideLegend template={template} t={t} />
      <p className="text-sm text-muted" id="creator-keys">
        {t("creator.keys")}
      </p>
    </div>
  );

  const tools = (
    <>
      <ToolTabs t={t} tab={tab} dispatch={dispatch}>
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
            elements={pageElements}
            background={document.background}
            selectedId={selectedId}
            names={names}
            quality={checks}
            onSelect={(id) => dispatch({ type: "selectLayer", id })}
            onBackground={(colour) => dispatch({ type: "setBackground", colour })}
          />
        )}
      </ToolTabs>
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
    </>
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
          isTop={pageElements.at(-1)?.id === selected.id}
          isBottom={pageElements[0]?.id === selected.id}
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
      <PagePrice data={data} document={document} />
      <SavePanel
        t={t}
        name={name}
        onName={(name) => dispatch({ type: "rename", name })}
        saving={saving}
        blocked={quality.blocking}
        hasContent={document.pages.some((item) => item.elements.length > 0)}
        signedIn={auth.signedIn}
        names={names}
        emptyPages={[...new Set(empty.map((frame) => frame.page - 1))].map((index) =>
          pageLabel(t, rules, document, index),
        )}
        onShowEmpty={() => {
          const first = empty[0];
          if (first) dispatch({ type: "showPage", page: first.page - 1 });
          if (first) dispatch({ type: "selectLayer", id: first.id });
        }}
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

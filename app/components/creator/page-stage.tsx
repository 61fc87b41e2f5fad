import { useId, type Dispatch } from "react";
import type { TextElement } from "@contract/creator/document";
import type { PageRules } from "@contract/creator/pages";
import type { ElementQuality } from "@contract/creator/quality";
import type { PrintTemplate } from "@contract/creator/templates";
import type { Translate } from "~/lib/i18n/translator";
import { spreadOf } from "~/lib/creator/page-editing";
import type { EditorAction, EditorState } from "./editor-state";
import { PageThumbnail } from "./page-thumbnail";
import { pageLabel } from "./page-strip";
import { ProductPreview } from "./product-preview";
import { Stage } from "./stage";

type Props = {
  t: Translate;
  state: EditorState;
  rules: PageRules;
  template: PrintTemplate;
  grids: ReadonlyArray<readonly TextElement[]>;
  checks: Map<string, ElementQuality>;
  productName: string;
  dispatch: Dispatch<EditorAction>;
  onFiles: (files: File[]) => void;
};

const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif";

/**
 * The shown page on the stage (or on the product), with a book's facing page beside it on a wide screen (a press
 * shows that one), and, on a phone, the button to upload photos right under it (held at the foot of the screen while the
 * stage is in sight).
 */
export function PageStage({ t, state, rules, template, grids, checks, productName, dispatch, onFiles }: Props) {
  const { history, page, view, selectedId, adjusting, editingText } = state;
  const document = history.present;
  const uploadId = useId();
  const spread = spreadOf(rules, page).filter((index) => index < document.pages.length);
  const facing = spread.length === 2 ? spread.find((index) => index !== page)! : null;
  const facingPage = facing === null ? undefined : document.pages[facing];
  const shown =
    view === "edit" ? (
      <Stage
        document={document}
        page={page}
        grid={grids[page] ?? []}
        template={template}
        selectedId={selectedId}
        quality={checks}
        adjusting={adjusting}
        editingText={editingText}
        label={t("creator.stage", { product: productName })}
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
        page={page}
        template={template}
        label={t("creator.preview", { product: productName })}
        emptyLabel={t("creator.photo.empty")}
      />
    );
  return (
    <>
      <div
        className="rounded-card border border-line bg-[repeating-conic-gradient(#f3f4f6_0_25%,#ffffff_0_50%)] bg-[length:16px_16px] p-2 desktop:flex desktop:items-center desktop:gap-1"
        data-view={view}
      >
        {facingPage && facing !== null && facing < page ? (
          <FacingPage
            t={t}
            state={state}
            rules={rules}
            index={facing}
            template={template}
            grids={grids}
            dispatch={dispatch}
          />
        ) : null}
        <div className="min-w-0 grow basis-0">{shown}</div>
        {facingPage && facing !== null && facing > page ? (
          <FacingPage
            t={t}
            state={state}
            rules={rules}
            index={facing}
            template={template}
            grids={grids}
            dispatch={dispatch}
          />
        ) : null}
      </div>
      {/* On a phone it stays in sight at the foot of the screen while the stage is, whatever its height. */}
      <div className="sticky bottom-0 z-10 bg-page py-2 desktop:hidden" data-testid="phone-upload">
        <label htmlFor={uploadId} className="button-primary w-full cursor-pointer">
          {t("creator.photos.choose")}
        </label>
        <input
          id={uploadId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          data-testid="phone-photo-input"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
    </>
  );
}

/** The other page of a book's spread, drawn small beside the stage on a wide screen; a press shows it on the stage. */
function FacingPage({
  t,
  state,
  rules,
  index,
  template,
  grids,
  dispatch,
}: Pick<Props, "t" | "state" | "rules" | "template" | "grids" | "dispatch"> & { index: number }) {
  const document = state.history.present;
  const page = document.pages[index]!;
  return (
    <button
      type="button"
      className="hidden min-w-0 grow basis-0 opacity-80 hover:opacity-100 desktop:block"
      onClick={() => dispatch({ type: "showPage", page: index })}
      aria-label={t("creator.pages.show", { page: pageLabel(t, rules, document, index) })}
      data-testid="facing-page"
    >
      <PageThumbnail
        page={page}
        grid={grids[index] ?? []}
        background={document.background}
        template={template}
        idPrefix="facing"
      />
    </button>
  );
}

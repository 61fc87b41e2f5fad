import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { DesignDocument } from "@contract/creator/document";
import type { PrintTemplate } from "@contract/creator/templates";
import type { CreatorRefusal, CreatorSaved } from "~/lib/creator/creator-action.server";
import type { PreflightProblem } from "@contract/creator/preflight";
import { renderPreview } from "~/lib/creator/render-design.client";
import { uploadFile, UploadFailed } from "~/lib/uploads/uploader.client";

export type Saved = { id: string; version: number };
export type CartPhase = "idle" | "saving" | "rendering" | "uploading" | "adding";

type Options = {
  prefix: string;
  articleId: number;
  document: DesignDocument;
  template: PrintTemplate;
  name: string;
  saved: Saved | null;
  sizeOptionId: number | null;
  onSaved: (saved: Saved, document: DesignDocument) => void;
};

/**
 * "Save" (the route action, intent=save) and "Add to cart": save when there are changes, draw the preview in the
 * browser and upload it, then the action runs the preflight, records the checks and adds the line (it redirects to the
 * cart). The print file is made on the server once the line is ordered (docs/decisions/0048). A failure leaves the
 * work where it is, on the device; the message says what happened, page by page.
 */
export function useSaveAndCart(options: Options) {
  const saver = useFetcher<CreatorSaved | CreatorRefusal>({ key: "creator-save" });
  const cart = useFetcher<CreatorRefusal>({ key: "creator-cart" });
  const [phase, setPhase] = useState<CartPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<{
    key: string;
    blocked?: string[];
    problems?: PreflightProblem[];
    conflict?: boolean;
  } | null>(null);
  const [savedDocument, setSavedDocument] = useState<DesignDocument | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const sent = useRef<DesignDocument | null>(null);
  const cartAfterSave = useRef<number | null>(null);

  const save = (quantityForCart: number | null = null) => {
    const { document, name, saved } = latest.current;
    setProblem(null);
    sent.current = document;
    cartAfterSave.current = quantityForCart;
    const form: Record<string, string> = {
      intent: "save",
      name: name.trim() || "-",
      document: JSON.stringify(document),
    };
    if (saved) Object.assign(form, { design_id: saved.id, base_version: String(saved.version) });
    void saver.submit(form, { method: "post" });
  };

  async function printAndAdd(saved: Saved, quantity: number) {
    const { prefix, articleId, document, template, sizeOptionId } = latest.current;
    try {
      setPhase("rendering");
      const preview = await renderPreview(document, template);
      setPhase("uploading");
      setProgress(0);
      const fields = { article_id: articleId, design_id: saved.id };
      const previewUpload = await uploadFile(preview.blob, {
        prefix,
        fields,
        onProgress: (bytes, total) => setProgress(bytes / Math.max(1, total)),
      });
      setPhase("adding");
      const form: Record<string, string> = {
        intent: "add-to-cart",
        design_id: saved.id,
        version: String(saved.version),
        preview_upload: previewUpload.id,
        quantity: String(quantity),
      };
      if (sizeOptionId) form.option_size = String(sizeOptionId);
      void cart.submit(form, { method: "post" });
    } catch (error) {
      setPhase("idle");
      setProblem({
        key:
          error instanceof UploadFailed && error.code !== "network" && error.code !== "aborted"
            ? error.message
            : "creator.errors.printFailed",
      });
    }
  }

  const addToCart = (quantity: number) => {
    const { saved, document } = latest.current;
    setProblem(null);
    if (saved && savedDocument === document) return void printAndAdd(saved, quantity);
    setPhase("saving");
    save(quantity);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the save's answer; printAndAdd reads that render's design
  useEffect(() => {
    if (saver.state !== "idle" || !saver.data) return;
    const answer = saver.data;
    const quantity = cartAfterSave.current;
    cartAfterSave.current = null;
    if (answer.ok) {
      const saved = { id: answer.id, version: answer.version };
      setSavedDocument(sent.current);
      latest.current.onSaved(saved, sent.current!);
      if (quantity !== null) void printAndAdd(saved, quantity);
    } else {
      setPhase("idle");
      setProblem({
        key: answer.formError ?? "creator.errors.saveFailed",
        conflict: answer.formError === "creator.errors.conflict",
      });
    }
    // A new answer only: printAndAdd reads the latest options through its ref.
  }, [saver.state, saver.data]);

  useEffect(() => {
    if (cart.state !== "idle" || !cart.data) return;
    setPhase("idle");
    if (!cart.data.ok)
      setProblem({
        key: cart.data.formError ?? "creator.errors.cartFailed",
        blocked: cart.data.blocked,
        problems: cart.data.problems,
      });
  }, [cart.state, cart.data]);

  const saving = saver.state !== "idle";
  return {
    save: () => save(null),
    addToCart,
    saving,
    phase,
    progress,
    problem,
    /** The document as last saved to the account (this visit): no changes since, when it is the one shown. */
    savedDocument,
    justSaved: !saving && saver.data?.ok === true && savedDocument === options.document,
  };
}

import { useCallback, useRef, useState } from "react";
import type { PrintTemplate } from "@contract/creator/templates";
import { uploadFile, UploadFailed } from "~/lib/uploads/uploader.client";
import { photoLongSideFor } from "~/lib/uploads/photo-size";
import { preparePhoto, PhotoRefused } from "~/lib/uploads/prepare-photo.client";
import type { Upload } from "~/lib/creator/device-drafts";

/** A file on its way: bytes sent so far, then done (its upload) or refused (the translated reason). */
export type Transfer = {
  key: string;
  name: string;
  sent: number;
  total: number;
  state: "sending" | "done" | "failed";
  message?: string;
};

type Options = {
  prefix: string;
  articleId: number;
  designId: string | null;
  template: PrintTemplate;
  networkMessage: string;
  /** A file that is no photo (a PDF, a ZIP...), and a photo this browser could not read (a broken HEIC). */
  notPhotoMessage: string;
  unreadableMessage: string;
  onUploaded: (upload: Upload) => void;
};

/**
 * Sends the chosen or dropped photos, several at once, each with its own progress: each made ready first (a HEIC as a
 * JPEG, one larger than the print needs smaller; lib/uploads/prepare-photo.client.ts), and a file that is no photo
 * refused on its row with the reason, never sent.
 */
export function usePhotoUploads(options: Options) {
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const latest = useRef(options);
  latest.current = options;
  const counter = useRef(0);

  const update = useCallback(
    (key: string, change: Partial<Transfer>) =>
      setTransfers((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const send = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = `t${counter.current++}`;
        setTransfers((list) => [
          ...list.filter((item) => item.state !== "done"),
          { key, name: file.name, sent: 0, total: file.size, state: "sending" },
        ]);
        const { prefix, articleId, designId, template } = latest.current;
        preparePhoto(file, photoLongSideFor(template))
          .then((prepared) =>
            uploadFile(prepared, {
              prefix,
              fields: {
                article_id: articleId,
                design_id: designId ?? undefined,
                print_width_mm: template.widthMm,
                print_height_mm: template.heightMm,
              },
              onProgress: (sent, total) => update(key, { sent, total }),
            }),
          )
          .then((result) => {
            // Only a photo goes on the product: anything else the server took is said so, not left as "done".
            if (!result.width || !result.height) throw new PhotoRefused("notPhoto");
            update(key, { state: "done", sent: result.bytes, total: result.bytes });
            latest.current.onUploaded({ id: result.id, width: result.width, height: result.height });
          })
          .catch((error: unknown) => {
            const { networkMessage, notPhotoMessage, unreadableMessage } = latest.current;
            const message =
              error instanceof PhotoRefused
                ? error.reason === "notPhoto"
                  ? notPhotoMessage
                  : unreadableMessage
                : error instanceof UploadFailed && error.code !== "network" && error.code !== "aborted"
                  ? error.message
                  : networkMessage;
            update(key, { state: "failed", message });
          });
      }
    },
    [update],
  );

  const dismiss = useCallback((key: string) => setTransfers((list) => list.filter((item) => item.key !== key)), []);
  return { transfers, send, dismiss };
}

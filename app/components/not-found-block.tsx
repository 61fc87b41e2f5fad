import { createContext, use, useState } from "react";
import type { ContentBlockView } from "~/lib/catalogue/content-block-view";

/** The 404 content block the server read for this page (entry.server.tsx), or null. */
export const NotFoundBlockContext = createContext<ContentBlockView | null>(null);

const DATA_ID = "not-found-block";

/** What the server wrote for the browser: no loader runs for an error screen, so the page carries its block itself. */
function writtenBlock(): ContentBlockView | null {
  if (typeof document === "undefined") return null;
  const data = document.getElementById(DATA_ID)?.textContent;
  try {
    return data ? (JSON.parse(data) as ContentBlockView) : null;
  } catch {
    return null;
  }
}

/**
 * The 404 screen's content block (docs/decisions/0039), read by the server before it renders the page; the browser
 * takes the copy written into the page while it hydrates the screen (the screen's content, loaded later, may be
 * rendered afresh). Null for an error screen reached by a link in the browser, or when the product API gave none.
 */
export function useNotFoundBlock(): ContentBlockView | null {
  const fromServer = use(NotFoundBlockContext);
  const [block] = useState(() => fromServer ?? writtenBlock());
  return block?.items.length ? block : null;
}

/** The block's data for the browser, beside the screen. */
export function NotFoundBlockData({ block }: { block: ContentBlockView }) {
  return (
    <script
      type="application/json"
      id={DATA_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the store's own block, with "<" escaped, as data for the client
      dangerouslySetInnerHTML={{ __html: JSON.stringify(block).replace(/</g, "\\u003c") }}
    />
  );
}

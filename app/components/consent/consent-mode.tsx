import { useContext, useState } from "react";
import type { RootData } from "~/lib/request/rendering/shell-data.server";
import { NonceContext } from "../nonce";

/**
 * Google Consent Mode's defaults (all denied) and the visitor's choice, before any tag; then the tags the brand uses
 * and the choice allows (deferred, so they run after this script). The page loads exactly what its policy allows.
 */
export function ConsentMode({ head: current }: { head: RootData["consentHead"] }) {
  const nonce = useContext(NonceContext);
  // What this document loaded: a later choice changes the page through gtag or a reload, never by adding tags.
  const [head] = useState(current);
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own Consent Mode default, run before any tag (nonce)
        dangerouslySetInnerHTML={{ __html: head.script }}
      />
      {head.tags.map(({ tag, src }) => (
        <script key={tag} defer src={src} data-tag={tag} />
      ))}
    </>
  );
}

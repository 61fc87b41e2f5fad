import { afterPaint } from "./after-paint";
import { NotFoundBlockData, useNotFoundBlock } from "./not-found-block";
import { errorStatus } from "./error-status";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { useRootData } from "./use-root-data";

export { errorStatus, errorTitle } from "./error-status";

// What an error page says (and its drawing) comes with an error page, not in the shell every page loads (the client
// JS budget); the server renders it in place, so the page reads the same before its code arrives.
const ErrorContent = afterPaint(() => import("./error-content").then((module) => module.ErrorContent));

/** The error page in the brand's chrome: the content for a 404 or for any other error. */
export function ErrorScreen({ error }: { error: unknown }) {
  const root = useRootData();
  // Read here, while the page hydrates: the content's code arrives later and may render it afresh.
  const block = useNotFoundBlock();
  return (
    <>
      {root ? <SiteHeader /> : null}
      <main id="main" data-status={errorStatus(error)}>
        <ErrorContent error={error} block={block} />
        {block ? <NotFoundBlockData block={block} /> : null}
      </main>
      {root ? <SiteFooter /> : null}
    </>
  );
}

import type { ReactNode } from "react";

/**
 * The creator's grid, the same for the server's first paint and the editor that replaces it (nothing moves when the
 * editor arrives). Phone: toolbar and stage first, then the tools and the selection below. Desktop: tools on the left,
 * the stage in the middle, the selection, save and cart on the right.
 */
export function CreatorLayout({
  bar,
  stage,
  tools,
  side,
}: {
  bar: ReactNode;
  stage: ReactNode;
  tools: ReactNode;
  side: ReactNode;
}) {
  return (
    <div className="grid grow grid-cols-1 gap-3 desktop:grid-cols-[18rem_minmax(0,1fr)_19rem] desktop:items-start">
      <div className="order-2 desktop:order-1" data-testid="creator-tools">
        {tools}
      </div>
      <div className="order-1 min-w-0 space-y-2 desktop:order-2">
        {bar}
        {stage}
      </div>
      <div className="order-3" data-testid="creator-side">
        {side}
      </div>
    </div>
  );
}

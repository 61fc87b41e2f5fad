import type { ReactNode } from "react";

type Props = { className?: string; children: ReactNode } & (
  | { label: string; labelledBy?: never }
  | { labelledBy: string; label?: never }
);

/**
 * A table wider than a phone's screen scrolls sideways in a named region that a keyboard can reach and scroll
 * (axe's scrollable-region-focusable): the one way the store lets a wide table scroll.
 */
export function ScrollRegion({ className, label, labelledBy, children }: Props) {
  return (
    <section
      className={`overflow-x-auto ${className ?? ""}`}
      aria-label={label}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus, or a keyboard cannot scroll it
      tabIndex={0}
    >
      {children}
    </section>
  );
}

import { useEffect, useRef } from "react";

/**
 * A ref for a form's error box that takes the focus each time a submission comes back refused, so keyboard and
 * screen-reader users land on what went wrong. `answer` is the action's result: a new one means a new submission.
 */
export function useFocusOnError<T extends HTMLElement = HTMLDivElement>(answer: unknown, failed: boolean) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is a new submission, which focuses its errors again
  useEffect(() => {
    if (failed) ref.current?.focus();
  }, [answer, failed]);
  return ref;
}

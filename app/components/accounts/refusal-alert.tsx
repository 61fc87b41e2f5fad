import { useFocusOnError } from "../form/use-focus-on-error";

/**
 * Why the account was sent here from a page it may not open (no permission, or a page of company accounts): an alert
 * that takes the focus, so a screen reader says it whether the page came by a redirect or a client-side navigation.
 */
export function RefusalAlert({ message }: { message: string }) {
  const ref = useFocusOnError(message, true);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800"
      data-testid="refusal-alert"
    >
      {message}
    </div>
  );
}

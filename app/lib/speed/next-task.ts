/**
 * Settles when the isolate turns to its next task: after every microtask queued so far (a chain of settled promises,
 * an answer kept in the isolate's memory), and before any subrequest could answer.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

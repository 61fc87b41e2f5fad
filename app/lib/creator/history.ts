/**
 * Undo and redo over whole documents (they are small). A change with the same `key` as the one before it (typing in
 * one text) joins it, so one undo takes back the whole word rather than a letter.
 */
export type History<T> = { past: T[]; present: T; future: T[]; key: string | null };

export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], key: null };
}

/** A change the shopper can undo. */
export function record<T>(history: History<T>, next: T, key: string | null = null): History<T> {
  if (next === history.present) return history;
  if (key !== null && key === history.key) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [], key };
}

/** A step of a gesture under way: shown, not yet a step of its own (see `settle`). */
export function preview<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next };
}

/** A gesture ended: what it started from becomes the step to undo back to (nothing, when it changed nothing). */
export function settle<T>(history: History<T>, before: T): History<T> {
  if (before === history.present) return history;
  return { past: [...history.past, before].slice(-HISTORY_LIMIT), present: history.present, future: [], key: null };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    key: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, key: null };
}

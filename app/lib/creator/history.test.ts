import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, preview, record, redo, settle, startHistory, undo } from "./history";

describe("undo and redo", () => {
  it("undoes and redoes changes in order; a new change drops what could be redone", () => {
    let history = startHistory("a");
    history = record(history, "b");
    history = record(history, "c");
    history = undo(history);
    expect(history.present).toBe("b");
    history = undo(history);
    expect(history.present).toBe("a");
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe("b");
    history = record(history, "d");
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe("b");
  });

  it("joins changes with the same key (typing) into one step", () => {
    let history = startHistory("");
    history = record(history, "H", "text:t1");
    history = record(history, "Hi", "text:t1");
    history = record(history, "Hi!", "text:t1");
    expect(undo(history).present).toBe("");
    history = record(history, "Hi! (red)", "colour:t1");
    expect(undo(history).present).toBe("Hi!");
  });

  it("a gesture's moves are one step, and a gesture that changed nothing is none", () => {
    let history = startHistory({ x: 0 });
    const before = history.present;
    history = preview(history, { x: 1 });
    history = preview(history, { x: 2 });
    history = settle(history, before);
    expect(history.past).toHaveLength(1);
    expect(undo(history).present).toBe(before);
    expect(settle(history, history.present)).toBe(history);
  });

  it("keeps at most HISTORY_LIMIT steps", () => {
    let history = startHistory(0);
    for (let value = 1; value <= HISTORY_LIMIT + 20; value++) history = record(history, value);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(20);
  });
});

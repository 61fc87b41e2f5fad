import { describe, expect, it } from "vitest";
import { helpQueryOf } from "./help-query";

describe("the help search from what a customer writes", () => {
  it("keeps the longest distinct words, not the small ones", () => {
    expect(helpQueryOf("My mug arrived broken, the MUG handle is broken")).toBe("arrived broken handle");
  });

  it("keeps letters of any script and stays within the search's limits", () => {
    expect(helpQueryOf("Zamówienie nie dotarło")).toBe("zamówienie dotarło");
    const long = helpQueryOf(
      Array.from({ length: 40 }, (_, index) => `word${"x".repeat(index % 20)}${index}`).join(" "),
    );
    expect(long.split(" ").length).toBeLessThanOrEqual(8);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(helpQueryOf("a b c !!")).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { isEmail } from "./email";

describe("isEmail", () => {
  it.each(["ana@example.com", "a.b+c@shop.co.uk", "x@y.pl"])("accepts %s", (value) =>
    expect(isEmail(value)).toBe(true),
  );
  it.each(["", "ana", "ana@", "ana@example", "@example.com", "ana @example.com", "ana@example.", "ana@.com"])(
    "refuses %j",
    (value) => expect(isEmail(value)).toBe(false),
  );
});

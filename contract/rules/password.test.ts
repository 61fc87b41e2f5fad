import { describe, expect, it } from "vitest";
import { isStrongEnough, passwordStrength } from "./password";

describe("passwordStrength", () => {
  it("refuses short and common passwords", () => {
    expect(passwordStrength("Sh0rt!")).toBe(0);
    expect(passwordStrength("qwertyuiop")).toBe(0);
    expect(passwordStrength("PASSWORD1")).toBe(0);
    expect(passwordStrength("password12")).toBe(0);
    expect(passwordStrength("!!Haslo2026!!")).toBe(0);
  });
  it("counts a password made of the shopper's e-mail or name as weak", () => {
    expect(passwordStrength("lucia.perez2026", ["lucia.perez@example.com"])).toBe(1);
    expect(passwordStrength("GarciaGarcia!!", ["Ana", "García", "Garcia"])).toBe(1);
  });
  it("grows with length and the kinds of characters", () => {
    expect(passwordStrength("aaaaaaaaaaaa")).toBe(1);
    expect(passwordStrength("correcthorse")).toBe(1);
    expect(passwordStrength("correct-horse")).toBe(2);
    expect(passwordStrength("Correct-horse-7")).toBe(4);
  });
  it("asks for at least 2 and at most 200 characters", () => {
    expect(isStrongEnough("correcthorse")).toBe(false);
    expect(isStrongEnough("correct-horse")).toBe(true);
    expect(isStrongEnough(`Aa1!${"x".repeat(200)}`)).toBe(false);
  });
});

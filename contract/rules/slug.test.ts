import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Photo Prints", "photo-prints"],
    ["  Tazas   personalizadas! ", "tazas-personalizadas"],
    ["Fotoksiążka, 30×30?", "fotoksiazka-3030"],
    ["Lærred & plakater", "laerred-plakater"],
    ["Café — crème", "cafe-creme"],
  ])("%j becomes %j", (input, slug) => expect(slugify(input)).toBe(slug));
});

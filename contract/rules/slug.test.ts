import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Photo Prints", "photo-prints"],
    ["  Tazas   personalizadas! ", "tazas-personalizadas"],
    ["Fotoksiążka, 30×30?", "fotoksiazka-3030"],
    ["Lærred & plakater", "laerred-plakater"],
    ["Café — crème", "cafe-creme"],
    // Names people give their designs: accents, punctuation, several spaces.
    ["Wesoła Łódź — 2026!", "wesola-lodz-2026"],
    ["Žluťoučký kůň", "zlutoucky-kun"],
    ["Cœur d'été", "coeur-dete"],
    ["Mamá   y   papá", "mama-y-papa"],
    ["Ærø's mug (v2)", "aeros-mug-v2"],
    ["Niño_con_pelota", "ninoconpelota"],
    ["São João / festa", "sao-joao-festa"],
    ["Kærlighed", "kaerlighed"],
    ["🎉🎂", ""],
  ])("%j becomes %j", (input, slug) => expect(slugify(input)).toBe(slug));
});

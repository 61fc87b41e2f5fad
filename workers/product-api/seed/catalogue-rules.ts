// The option and quantity-tier rules of each kind of product, used by the seed generator.

export const KINDS_BY_IMAGE: Record<string, string> = {
  "photo-prints": "photo-prints",
  canvas: "canvas",
  mug: "mug",
  "photo-book": "photo-book",
  calendar: "calendar",
  poster: "poster",
  "magic-mug": "magic-mug",
  "enamel-mug": "enamel-mug",
  cushion: "cushion",
  puzzle: "puzzle",
  "tote-bag": "tote-bag",
  "aluminium-print": "aluminium-print",
  magnets: "magnets",
};

export function kindOfImage(image: string): string {
  const name = image.split("/").pop()!.replace(".svg", "");
  const kind = KINDS_BY_IMAGE[name];
  if (!kind) throw new Error(`No product kind for ${image}`);
  return kind;
}

type Option = {
  group_code: "size" | "finish" | "paper";
  code: string;
  price_delta: number;
  position: number;
  is_default: boolean;
};

/** Price steps are in the brand's minor units: whole-currency brands (DKK, CZK) use bigger numbers. */
const STEP: Record<string, number> = { "WPX-PL": 400, "WPX-DK": 750, "WPX-CZ": 2500 };

const SIZES: Record<string, string[]> = {
  "photo-prints": ["10x15", "13x18", "15x20"],
  canvas: ["30x40", "40x60", "60x90"],
  poster: ["30x40", "50x70", "70x100"],
  "aluminium-print": ["20x30", "30x45", "40x60"],
  "photo-book": ["21x21", "30x30"],
  calendar: ["a4", "a3"],
  cushion: ["40x40", "50x50"],
  puzzle: ["500", "1000"],
};
const FINISHES: Record<string, string[]> = {
  "photo-prints": ["gloss", "matte", "lustre"],
  poster: ["matte", "gloss"],
  "photo-book": ["matte", "gloss"],
  mug: ["gloss", "matte"],
};
const PAPERS: Record<string, string[]> = {
  "photo-prints": ["standard", "premium"],
  "photo-book": ["standard", "premium"],
};

export function optionsFor(kind: string, site: string): Option[] {
  const step = STEP[site] ?? 300;
  const options: Option[] = [];
  for (const [index, code] of (SIZES[kind] ?? []).entries())
    options.push({ group_code: "size", code, price_delta: index * step * 2, position: index, is_default: index === 0 });
  for (const [index, code] of (FINISHES[kind] ?? []).entries())
    options.push({
      group_code: "finish",
      code,
      price_delta: code === "lustre" ? step / 2 : 0,
      position: index,
      is_default: index === 0,
    });
  for (const [index, code] of (PAPERS[kind] ?? []).entries())
    options.push({ group_code: "paper", code, price_delta: index * step, position: index, is_default: index === 0 });
  return options;
}

/** Quantity discounts: prints and gifts get cheaper by the dozen; books and wall decor by the few. */
export function tiersFor(kind: string): { min_quantity: number; discount_percent: number }[] {
  if (["photo-prints", "magnets"].includes(kind))
    return [
      { min_quantity: 3, discount_percent: 10 },
      { min_quantity: 10, discount_percent: 20 },
    ];
  if (["mug", "magic-mug", "enamel-mug", "tote-bag", "cushion", "puzzle"].includes(kind))
    return [
      { min_quantity: 2, discount_percent: 5 },
      { min_quantity: 6, discount_percent: 15 },
    ];
  return [
    { min_quantity: 2, discount_percent: 5 },
    { min_quantity: 5, discount_percent: 10 },
  ];
}

// What the seeded traffic looks like: the brands' shares, channels, campaigns, browsers and hours, drawn from a seeded
// generator so two runs make the same data (scripts/seed-events.ts).

export const DAYS = 90;

// Share of the traffic per brand, roughly each market's size.
export const BRANDS = {
  "WPX-ES": 22,
  "WPX-PL": 15,
  "WPX-IT": 14,
  "WPX-FR": 14,
  "TZ-ES": 9,
  "WPX-PT": 9,
  "WPX-CZ": 9,
  "WPX-DK": 8,
} as const;
export type Brand = keyof typeof BRANDS;
const SEARCH_TLD: Record<Brand, string> = {
  "WPX-ES": "es",
  "WPX-PL": "pl",
  "WPX-IT": "it",
  "WPX-FR": "fr",
  "TZ-ES": "es",
  "WPX-PT": "pt",
  "WPX-CZ": "cz",
  "WPX-DK": "dk",
};
export const CAMPAIGNS = [
  "brand",
  "photo-gifts",
  "spring-sale",
  "mothers-day",
  "summer-prints",
  "back-to-school",
  "black-friday",
  "christmas",
];
export const AGENTS = [
  {
    agent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    platform: "iOS",
    mobile: true,
    share: 30,
  },
  {
    agent:
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    platform: "Android",
    mobile: true,
    share: 30,
  },
  {
    agent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    platform: "Windows",
    mobile: false,
    share: 25,
  },
  {
    agent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    platform: "macOS",
    mobile: false,
    share: 10,
  },
  {
    agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
    platform: "Windows",
    mobile: false,
    share: 5,
  },
];
// Visits an hour of the (UTC) day, from the night's low to the evening's high.
export const HOURS = [1, 1, 1, 1, 1, 2, 3, 5, 6, 7, 8, 8, 8, 8, 7, 7, 7, 8, 9, 10, 11, 10, 6, 3];

/** A small seeded generator, so two runs make the same data. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly (readonly [T, number])[]) => {
    let roll = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]![0];
  };
  const hex = (length: number) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join("");
  return { next, pick, weighted, hex };
}

type Touch = { channel: string; source: string; medium: string; campaign: string | null; referrer: string };

export function touchOf(random: ReturnType<typeof generator>, brand: Brand, day: number): Touch {
  const campaign = () =>
    CAMPAIGNS[Math.min(CAMPAIGNS.length - 1, Math.floor((day / DAYS) * 4) + Math.floor(random.next() * 4))]!;
  switch (
    random.weighted([
      ["organic", 34],
      ["direct", 22],
      ["paid_search", 14],
      ["paid_social", 10],
      ["email", 8],
      ["referral", 7],
      ["affiliate", 5],
    ] as const)
  ) {
    case "organic": {
      const source = random.weighted([
        [`www.google.${SEARCH_TLD[brand]}`, 80],
        ["www.bing.com", 12],
        ["duckduckgo.com", 5],
        ["www.ecosia.org", 3],
      ] as const);
      return { channel: "organic", source, medium: "organic", campaign: null, referrer: `https://${source}/` };
    }
    case "paid_search":
      return {
        channel: "paid_search",
        source: random.weighted([
          ["google", 85],
          ["bing", 15],
        ] as const),
        medium: "cpc",
        campaign: campaign(),
        referrer: "",
      };
    case "paid_social":
      return {
        channel: "paid_social",
        source: random.weighted([
          ["facebook", 50],
          ["instagram", 35],
          ["tiktok", 15],
        ] as const),
        medium: "paid_social",
        campaign: campaign(),
        referrer: "",
      };
    case "email":
      return {
        channel: "email",
        source: "newsletter",
        medium: "email",
        campaign: `newsletter-${String(1 + Math.floor(day / 7)).padStart(2, "0")}`,
        referrer: "",
      };
    case "referral": {
      const source = random.pick([
        "www.pinterest.com",
        "www.facebook.com",
        "blog.ideas-regalo.example",
        "www.reddit.com",
        "forum.photo.example",
      ]);
      return { channel: "referral", source, medium: "referral", campaign: null, referrer: `https://${source}/` };
    }
    case "affiliate":
      return { channel: "affiliate", source: "affiliate", medium: "affiliate", campaign: null, referrer: "" };
    default:
      return { channel: "direct", source: "(direct)", medium: "(none)", campaign: null, referrer: "" };
  }
}

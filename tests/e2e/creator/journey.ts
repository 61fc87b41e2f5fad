import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import type { translator } from "../buying/journey.ts";
import { hydrated, type Part } from "../harness.ts";

// A creator journey: its plan, its page and the helpers its steps share.

export const STEP_MS = 20_000;

type Address = { street: string; postcode: string; city: string };
export type Plan = {
  slug: string;
  locale: string;
  prefix: string;
  articleId: number;
  viewport: "phone" | "desktop";
  axe: boolean;
  address: Address;
};
export type Journey = {
  h: Part;
  page: Page;
  plan: Plan;
  label: string;
  origin: string;
  t: ReturnType<typeof translator>;
  errors: string[];
  designName: string;
};

export function assert(condition: unknown, text: string): asserts condition {
  if (!condition) throw new Error(text);
}

export const shotPath = (j: Journey, step: string) =>
  join(j.h.screenshots, `creator-${j.plan.slug.toLowerCase()}-${j.plan.viewport}-${step}.png`);

/** A photo of noise (so it does not compress away: the upload takes long enough to watch) and a tiny one. */
export async function samplePhotos() {
  const noise = (width: number, height: number) => {
    const bytes = Buffer.alloc(width * height * 3);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7919 + ((index / 3) | 0) * 104729) % 251;
    return sharp(bytes, { raw: { width, height, channels: 3 } });
  };
  const big = await noise(1600, 1200).jpeg({ quality: 92 }).toBuffer();
  const tiny = await noise(120, 90).png().toBuffer();
  return [
    { name: "holiday.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "tiny.png", mimeType: "image/png", buffer: tiny },
  ];
}

export const editorPath = (j: Journey) => `${j.origin}${j.plan.prefix}/create/${j.plan.articleId}`;

export async function editorReady(j: Journey) {
  await j.page.locator("[data-testid=creator-toolbar]").waitFor({ state: "visible", timeout: STEP_MS });
  await hydrated(j.page, "[data-testid=undo]").catch(() => undefined);
}

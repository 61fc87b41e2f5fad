/**
 * What the PDF needs to embed a JPEG as it is (DCTDecode: the photo's own bytes, never decoded or re-encoded): its
 * pixels, its components (grey, RGB or CMYK) and whether an Adobe marker says CMYK is stored inverted. Read from the
 * file's head only.
 */
export type JpegFacts = { width: number; height: number; components: 1 | 3 | 4; adobeInverted: boolean };

const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function jpegFacts(head: Uint8Array): JpegFacts | null {
  if (head[0] !== 0xff || head[1] !== 0xd8) return null;
  let at = 2;
  let adobe = false;
  while (at + 4 <= head.byteLength) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = (head[at + 2]! << 8) | head[at + 3]!;
    // APP14 "Adobe": CMYK JPEGs from Photoshop store their inks inverted.
    if (marker === 0xee && head[at + 4] === 0x41 && head[at + 5] === 0x64 && head[at + 6] === 0x6f) adobe = true;
    if (START_OF_FRAME.has(marker)) {
      if (at + 10 > head.byteLength) return null;
      const height = (head[at + 5]! << 8) | head[at + 6]!;
      const width = (head[at + 7]! << 8) | head[at + 8]!;
      const components = head[at + 9]!;
      if (!width || !height || (components !== 1 && components !== 3 && components !== 4)) return null;
      return { width, height, components, adobeInverted: adobe && components === 4 };
    }
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

const DEVICE = { 1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK" } as const;

/** The image's colour space: its ICC profile's (object `icc`) where it has one, else the device space of its inks. */
export function colourSpaceOf(facts: JpegFacts, icc: number | null = null) {
  const space = icc ? `[/ICCBased ${icc} 0 R]` : DEVICE[facts.components];
  return facts.adobeInverted ? `/ColorSpace ${space} /Decode [1 0 1 0 1 0 1 0]` : `/ColorSpace ${space}`;
}

/** An ICC profile as its own stream object, for `colourSpaceOf`. */
export const iccDictionary = (facts: JpegFacts) => `/N ${facts.components} /Alternate ${DEVICE[facts.components]}`;

/**
 * The photo's colour profile (ICC, in APP2 "ICC_PROFILE" segments, in order), so the PDF keeps the colours the camera
 * or editor meant (ICCBased); null when it has none or its segments do not add up.
 */
export function iccProfile(head: Uint8Array): Uint8Array | null {
  const chunks = new Map<number, Uint8Array>();
  let count = 0;
  let at = 2;
  const signature = [0x49, 0x43, 0x43, 0x5f, 0x50, 0x52, 0x4f, 0x46, 0x49, 0x4c, 0x45, 0];
  while (at + 4 <= head.byteLength && head[at] === 0xff) {
    const marker = head[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = (head[at + 2]! << 8) | head[at + 3]!;
    const body = head.subarray(at + 4, at + 2 + length);
    if (marker === 0xe2 && body.byteLength > 14 && signature.every((byte, index) => body[index] === byte)) {
      chunks.set(body[12]!, body.subarray(14));
      count = body[13]!;
    }
    at += 2 + length;
  }
  if (!count || chunks.size !== count) return null;
  const parts = Array.from({ length: count }, (_, index) => chunks.get(index + 1));
  if (parts.some((part) => !part)) return null;
  const profile = new Uint8Array(parts.reduce((sum, part) => sum + part!.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    profile.set(part!, offset);
    offset += part!.byteLength;
  }
  return profile;
}

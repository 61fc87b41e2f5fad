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

export function colourSpaceOf(facts: JpegFacts) {
  const space = facts.components === 1 ? "/DeviceGray" : facts.components === 3 ? "/DeviceRGB" : "/DeviceCMYK";
  return facts.adobeInverted ? `/ColorSpace ${space} /Decode [1 0 1 0 1 0 1 0]` : `/ColorSpace ${space}`;
}

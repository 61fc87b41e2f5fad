/**
 * A HEIC (an iPhone's photo outside Safari) decoded in the browser by libheif compiled to WebAssembly, loaded by
 * `import()` only when one is chosen (about 1.4 MB, never on a page's first load: decision 0047). libheif applies the
 * file's own rotation and mirroring, so the picture comes upright.
 */
export async function decodeHeic(file: Blob): Promise<ImageBitmap> {
  const { default: libheif } = await import("libheif-js/wasm-bundle");
  const decoder = new libheif.HeifDecoder();
  const [image] = decoder.decode(new Uint8Array(await file.arrayBuffer()));
  if (!image) throw new Error("No image in the HEIC");
  try {
    const width = image.get_width();
    const height = image.get_height();
    const pixels = await new Promise<ImageData>((resolve, reject) => {
      const target = new ImageData(width, height);
      image.display(target, (shown) => (shown ? resolve(target) : reject(new Error("HEIC not decoded"))));
    });
    return await createImageBitmap(pixels);
  } finally {
    image.free();
  }
}

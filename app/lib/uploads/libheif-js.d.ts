// The part of libheif-js (no types of its own) that heic.client.ts uses.
declare module "libheif-js/wasm-bundle" {
  type HeifImage = {
    get_width(): number;
    get_height(): number;
    display(target: ImageData, done: (shown: ImageData | null) => void): void;
    free(): void;
  };
  const libheif: { HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] } };
  export default libheif;
}

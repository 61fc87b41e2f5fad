import type { Plugin } from "vite";

export type Transformed = { code: string; map: null } | null;

/** A build plugin's transform of a file, as the build runs it; a build error throws. */
export function transform(plugin: Plugin, code: string, id: string): Transformed {
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return (plugin.transform as (this: typeof context, code: string, id: string) => Transformed).call(context, code, id);
}

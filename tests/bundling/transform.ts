import type { Plugin } from "vite";

export type Transformed = { code: string; map: null } | null;

type Hook = (this: BuildContext, ...args: unknown[]) => unknown;
type BuildContext = { environment: { name: string }; error: (message: string) => never };

const contextOf = (environment: string): BuildContext => ({
  environment: { name: environment },
  error: (message: string) => {
    throw new Error(message);
  },
});
const hook = (plugin: Plugin, name: keyof Plugin) => (plugin[name] as Hook | undefined) ?? (() => undefined);

/** A build plugin's transform of a file, as the build of `environment` runs it; a build error throws. */
export function transform(plugin: Plugin, code: string, id: string, environment = "ssr"): Transformed {
  return hook(plugin, "transform").call(contextOf(environment), code, id) as Transformed;
}

/**
 * One environment's build through a plugin, as Vite runs it (`vite build`, or `serve` for the dev server): its start,
 * the transform of each file, its end; a build error throws.
 */
export function build(
  plugin: Plugin,
  files: Record<string, string>,
  { environment = "ssr", command = "build" }: { environment?: string; command?: "build" | "serve" } = {},
): void {
  hook(plugin, "configResolved").call(contextOf(environment), { command });
  hook(plugin, "buildStart").call(contextOf(environment));
  for (const [id, code] of Object.entries(files)) transform(plugin, code, id, environment);
  hook(plugin, "buildEnd").call(contextOf(environment));
}

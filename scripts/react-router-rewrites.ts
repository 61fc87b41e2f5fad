import { rewritePlugin, type Rewrite } from "./rewrite-plugin.ts";

// React Router's production build, which the app's bundles take.
const REWRITES: Rewrite[] = [
  {
    // React Router tries its route branches one by one, in rank order, for every match: some 130 branches here (every
    // page also under its locale prefix), and a request matches three times (the server, the data query, the manifest
    // of the routes the page may reach). The matcher remembers the result per path (the last 1000 paths; forgotten
    // whenever its routes change, as when the browser discovers more) and hands out copies, one shared params object
    // per result as React Router makes them.
    name: "matches kept per path",
    file: /react-router\/dist\/production\/lib\/router\/matcher\.js$/,
    expected: `	update(routes) {
		this.#routes = routes;
		this.#branches = flattenAndRankRoutes(routes);
	}
	match(locationArg, allowPartial = false) {
		return matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);
	}`,
    replacement: `	#memo = new Map(); update(routes) {
		this.#routes = routes; this.#memo.clear();
		this.#branches = flattenAndRankRoutes(routes);
	}
	match(locationArg, allowPartial = false) { const key = (typeof locationArg === "string" ? locationArg : locationArg.pathname + "?" + (locationArg.search ?? "")) + "|" + allowPartial; let kept = this.#memo.get(key); if (kept === undefined) { kept = matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches); if (this.#memo.size >= 1000) this.#memo.delete(this.#memo.keys().next().value); this.#memo.set(key, kept); }
		if (!kept) return kept; const params = kept.length ? { ...kept[0].params } : {}; return kept.map((match) => ({ ...match, params }));
	}`,
  },
  {
    // Every document's render built the route tree of the whole app from the build's manifest (all 130 routes, the same
    // objects each time): it is built once per manifest now (never in SPA mode, whose routes differ).
    name: "server routes once per manifest",
    file: /react-router\/dist\/production\/lib\/dom\/ssr\/server\.js$/,
    expected: `function ServerRouter({ context, url, nonce }) {
	if (typeof url === "string") url = new URL(url);
	let { manifest, routeModules, criticalCss, serverHandoffString } = context;
	let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    replacement: `const serverRoutesOfManifest = new WeakMap(); function ServerRouter({ context, url, nonce }) {
	if (typeof url === "string") url = new URL(url);
	let { manifest, routeModules, criticalCss, serverHandoffString } = context;
	let routes = context.isSpaMode ? void 0 : serverRoutesOfManifest.get(manifest.routes); if (!routes) { routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode); if (!context.isSpaMode) serverRoutesOfManifest.set(manifest.routes, routes); }`,
  },
  {
    // ...and the static router converted that whole tree into data routes and their manifest by id for each render:
    // once per tree now. The router only reads them while it renders.
    name: "data routes once per route tree",
    file: /react-router\/dist\/production\/lib\/dom\/server\.js$/,
    expected: `function createStaticRouter(routes, context, opts = {}) {
	warning(opts.branches == null, "\`createStaticRouter({ branches })\` is deprecated and no longer used. Branch caching is done automatically inside the static router.");
	let manifest = {};
	let dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);`,
    replacement: `const dataRoutesOfRoutes = new WeakMap(); function createStaticRouter(routes, context, opts = {}) {
	warning(opts.branches == null, "\`createStaticRouter({ branches })\` is deprecated and no longer used. Branch caching is done automatically inside the static router.");
	let converted = dataRoutesOfRoutes.get(routes); if (!converted) { converted = { manifest: {} }; converted.dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, converted.manifest); dataRoutesOfRoutes.set(routes, converted); }
	let manifest = converted.manifest; let dataRoutes = converted.dataRoutes;`,
  },
  {
    // The route modules by id, handed to every render: the same for every request of a build.
    name: "route modules once per manifest",
    file: /react-router\/dist\/production\/lib\/server-runtime\/entry\.js$/,
    expected: `function createEntryRouteModules(manifest) {
	return Object.keys(manifest).reduce((memo, routeId) => {`,
    replacement: `const entryRouteModules = new WeakMap(); function createEntryRouteModules(manifest) { let kept = entryRouteModules.get(manifest); if (!kept) entryRouteModules.set(manifest, kept = createEntryRouteModulesOnce(manifest)); return kept; } function createEntryRouteModulesOnce(manifest) {
	return Object.keys(manifest).reduce((memo, routeId) => {`,
  },
  {
    // The loader data's encoder read the clock for every value it encoded, to yield to the isolate every 6,000 values
    // when a millisecond has passed: it reads it only at those checks now, the same yields.
    name: "clock read at the yield check only",
    file: /react-router\/dist\/production\/vendor\/turbo-stream-v2\/flatten\.js$/,
    expected: `		const now = getNow();
		if (++i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS) {`,
    replacement: `		// the clock is read at the check only
		if (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS) {`,
  },
];

/**
 * React Router does per request some work whose result is the same for every request of a build, the same for every
 * page here: about a tenth of a page's CPU in workerd (docs/decisions/0029). These rewrites keep those results for the
 * isolate's life, or skip the work; each is described above.
 */
export const reactRouterRewrites = () => rewritePlugin("react-router-rewrites", ["client", "ssr"], REWRITES);

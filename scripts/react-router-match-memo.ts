import type { Plugin } from "vite";

/** React Router's route matcher (the production build, which the app's bundles take). */
const MATCHER = /react-router\/dist\/production\/lib\/router\/matcher\.js$/;
const UPDATE = `	update(routes) {
		this.#routes = routes;
		this.#branches = flattenAndRankRoutes(routes);
	}
	match(locationArg, allowPartial = false) {
		return matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);
	}`;
// As many lines as React Router's, so the source map stays right (the transform returns map: null: nothing moved).
const REMEMBERING = `	#memo = new Map(); update(routes) {
		this.#routes = routes; this.#memo.clear();
		this.#branches = flattenAndRankRoutes(routes);
	}
	match(locationArg, allowPartial = false) { const key = (typeof locationArg === "string" ? locationArg : locationArg.pathname + "?" + (locationArg.search ?? "")) + "|" + allowPartial; let kept = this.#memo.get(key); if (kept === undefined) { kept = matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches); if (this.#memo.size >= 1000) this.#memo.delete(this.#memo.keys().next().value); this.#memo.set(key, kept); }
		if (!kept) return kept; const params = kept.length ? { ...kept[0].params } : {}; return kept.map((match) => ({ ...match, params }));
	}`;

/**
 * React Router tries its route branches one by one, in rank order, for every match: some 130 branches here (every page
 * also under its locale prefix), and a request matches three times (the server, the data query, the manifest of the
 * routes the page may reach): about a tenth of a page's CPU (docs/decisions/0029). The matcher now remembers the
 * result per path (the last 1000 paths; forgotten whenever its routes change, as when the browser discovers more) and
 * hands out copies, one shared params object per result as React Router makes them. The build fails if the matcher is
 * no longer written as expected.
 */
export function reactRouterMatchMemo(): Plugin {
  return {
    name: "react-router-match-memo",
    transform(code, id) {
      if (!MATCHER.test(id)) return null;
      if (!code.includes(UPDATE)) this.error(`react-router-match-memo: the matcher is not written as expected in ${id}; check the new React Router release`);
      return { code: code.replace(UPDATE, REMEMBERING), map: null };
    },
  };
}

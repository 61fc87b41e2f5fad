import type { Plugin } from "vite";

/**
 * `vite preview` (npm start, the browser checks, the bench) answers a failure of its own serving layer with a page that
 * shows the error's stack and the server's paths. The store answers such a failure as the edge would: a plain 500 that
 * says nothing of the machine; the error goes to the server's console.
 */
export function previewErrorPage(): Plugin {
  return {
    name: "storefront:preview-error-page",
    configurePreviewServer(server) {
      // Returned: installed after every other plugin's middleware, so their failures reach it.
      return () => {
        server.middlewares.use(
          (error: unknown, _request: unknown, response: import("node:http").ServerResponse, _next: unknown) => {
            console.error(error);
            if (response.headersSent) return void response.end();
            response.statusCode = 500;
            response.setHeader("content-type", "text/plain; charset=utf-8");
            response.setHeader("cache-control", "no-store");
            response.end("Internal Server Error");
          },
        );
      };
    },
  };
}

import { createRequestHandler } from "react-router";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request) {
    return handleRequest(request);
  },
} satisfies ExportedHandler;

import { createContext } from "react";

/** This response's nonce for inline scripts, given by entry.server.tsx; the browser hides it, so undefined there. */
export const NonceContext = createContext<string | undefined>(undefined);

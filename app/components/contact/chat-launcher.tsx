import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Brand } from "@contract/brands/brands";
import { Link } from "../link";
import { useShell } from "../use-shell";

const CHAT_START = "start";

/**
 * The chat channel (docs/decisions/0039). Nothing of the provider loads until the visitor asks: "Start the chat"
 * opens this page again as a new document with `?chat=start`, the only kind of page whose Content-Security-Policy
 * allows the provider, and there the provider's script is added. The note before says who provides it.
 */
export function ChatLauncher({ chat }: { chat: NonNullable<Brand["chat"]> }) {
  const { t } = useShell();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const started = params.get("chat") === CHAT_START;
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    if (!started) return;
    if (document.querySelector("script[data-chat-provider]")) return setState("ready");
    const script = document.createElement("script");
    script.src = chat.script;
    script.async = true;
    script.dataset.chatProvider = chat.provider;
    script.onload = () => setState("ready");
    script.onerror = () => setState("failed");
    document.body.appendChild(script);
  }, [started, chat]);
  if (!started) {
    params.set("chat", CHAT_START);
    return (
      <div className="space-y-2">
        <Link to={`${location.pathname}?${params}`} reloadDocument className="button-primary" data-testid="chat-start">
          {t("contactChannels.chat.start")}
        </Link>
        <p className="text-sm text-muted">{t("contactChannels.chat.note", { provider: chat.provider })}</p>
      </div>
    );
  }
  return (
    <p role="status" className="font-semibold" data-testid="chat-state" data-state={state}>
      {state === "ready"
        ? t("contactChannels.chat.ready")
        : state === "failed"
          ? t("contactChannels.chat.failed")
          : null}
      <noscript> {t("contactChannels.chat.needsScript")}</noscript>
    </p>
  );
}

import type { Brand } from "@contract/brands/brands";
import { Link } from "../link";
import { useShell } from "../use-shell";
import { ChatLauncher } from "./chat-launcher";

export type ChannelsView = { channels: Brand["contactChannels"]; chat: Brand["chat"] };

/** The brand's channels as a page's loader sends them (the brand config is the server's). */
export const channelsView = (brand: Pick<Brand, "contactChannels" | "chat">): ChannelsView => ({
  channels: brand.contactChannels,
  chat: brand.chat,
});

/**
 * Every way the brand lets people reach it (SPEC §3's contact channels, in the brand's config): the help centre, the
 * contact form, the quote request for companies and the chat. `current` marks the form the page shows; `without`
 * leaves out the page the list sits on.
 */
export function ContactChannels({
  view,
  current = null,
  without = null,
  headingLevel = 2,
}: {
  view: ChannelsView;
  current?: "formContact" | "formContactRequestBudget" | null;
  without?: "helpCenter" | null;
  headingLevel?: 2 | 3;
}) {
  const { t, to } = useShell();
  const Heading = `h${headingLevel}` as const;
  const links = {
    helpCenter: "/help-center",
    formContact: "/contact",
    formContactRequestBudget: "/contact?form=quote",
  } as const;
  const shown = view.channels.filter((channel) => channel !== without);
  return (
    <ul className="grid gap-4 tablet:grid-cols-2" data-testid="contact-channels">
      {shown.map((channel) => (
        <li
          key={channel}
          className="flex flex-col gap-2 rounded-card border border-line bg-surface p-5 aria-[current]:border-brand aria-[current]:bg-brand-soft"
          aria-current={channel === current ? "page" : undefined}
          data-channel={channel}
        >
          <Heading className="text-lg font-bold">{t(`contactChannels.${channel}.title`)}</Heading>
          <p className="text-muted">{t(`contactChannels.${channel}.text`)}</p>
          <div className="mt-auto pt-1">
            {channel === "chat" ? (
              view.chat ? (
                <ChatLauncher chat={view.chat} />
              ) : null
            ) : channel === current ? null : (
              <Link to={to(links[channel])} className="button-secondary">
                {t(`contactChannels.${channel}.title`)}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

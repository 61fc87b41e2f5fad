import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/help-topic";
import { prerenderedData } from "~/lib/prerender/client";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useShell } from "~/components/use-shell";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { breadcrumbJsonLd, pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

/** `12` or `envios-y-entregas_12`: the topic is the trailing number. */
function topicId(id: string) {
  return Number(id.slice(id.lastIndexOf("_") + 1));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { id } = parseParams(request, { id: routeParams.helpTopicId }, params);
  const topic = await catalogueApi(context).helpTopic(topicId(id));
  if (!topic) throw pageNotFound(request);
  const origin = new URL(request.url).origin;
  const path = `/help-center/topic/${topic.slug}_${topic.id}`;
  return {
    title: topic.title,
    description: topic.body[0]?.slice(0, 160),
    path,
    type: "article" as const,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: [
          {
            "@type": "Question",
            name: topic.title,
            acceptedAnswer: { "@type": "Answer", text: topic.body.join("\n\n") },
          },
        ],
      },
      breadcrumbJsonLd(origin, [
        { name: topic.categoryName, url: `/help-center/category/${topic.categoryId}` },
        { name: topic.title, url: path },
      ]),
    ],
    topic,
  };
}

const feedback = z.object({ helpful: z.enum(["yes", "no"]) });

/** "Was this helpful?": one vote per visitor and topic, kept by the product API. */
export async function action(args: Route.ActionArgs) {
  const { id } = parseParams(args.request, { id: routeParams.helpTopicId }, args.params);
  const values = await readForm(args);
  const vote = parseForm(feedback, values);
  if (!vote.ok) return refuse(values, vote.fieldErrors);
  await catalogueApi(args.context).helpFeedback(topicId(id), vote.value.helpful === "yes");
  return { ok: true as const, voted: vote.value.helpful };
}

/** In the browser, the page's prerendered data when this build has it (docs/decisions/0039). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  prerenderedData(request, serverLoader);

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function HelpTopic({ loaderData: { topic }, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const navigation = useNavigation();
  return (
    <div className="container-page grid gap-10 py-8 desktop:grid-cols-[1fr_18rem]">
      <article>
        <Breadcrumbs
          items={[
            { name: t("routes.helpCenter"), path: "/help-center" },
            { name: topic.categoryName, path: `/help-center/category/${topic.categoryId}` },
            { name: topic.title },
          ]}
        />
        <h1 className="mt-3 text-3xl font-bold">{topic.title}</h1>
        <div className="mt-4 max-w-2xl space-y-4 text-lg">
          {topic.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <section className="mt-8 rounded-card border border-line bg-surface p-5" aria-labelledby="helpful-title">
          {actionData?.ok ? (
            <p role="status" className="font-semibold">
              {t("help.thanks")}
            </p>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <h2 id="helpful-title" className="font-semibold">
                {t("help.wasHelpful")}
              </h2>
              <button
                type="submit"
                name="helpful"
                value="yes"
                disabled={navigation.state !== "idle"}
                className="button-secondary"
              >
                {t("help.yes")}
              </button>
              <button
                type="submit"
                name="helpful"
                value="no"
                disabled={navigation.state !== "idle"}
                className="button-secondary"
              >
                {t("help.no")}
              </button>
            </Form>
          )}
          {actionData?.ok && actionData.voted === "no" ? (
            <p className="mt-2">
              {t("help.sorry")}{" "}
              <Link to={to("/contact")} className="font-semibold text-brand">
                {t("nav.contact")}
              </Link>
            </p>
          ) : null}
        </section>
      </article>
      {topic.related.length ? (
        <aside aria-labelledby="related-title">
          <h2 id="related-title" className="font-bold">
            {t("help.related")}
          </h2>
          <ul className="mt-3 space-y-2">
            {topic.related.map((related) => (
              <li key={related.id}>
                <Link to={to(`/help-center/topic/${related.slug}_${related.id}`)} className="text-brand-strong">
                  {related.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </div>
  );
}

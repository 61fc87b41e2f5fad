import type { Route } from "./+types/about-us";
import { prerenderedData } from "~/lib/prerender/client";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await catalogueApi(context).page("about-us");
  if (!page) throw pageNotFound(request);
  return { title: page.title, description: page.intro, path: "/about-us", page };
}

/** In the browser, the page's prerendered data when this build has it (docs/decisions/0039). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  prerenderedData(request, serverLoader);

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function AboutUs({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold tablet:text-4xl">{page.title}</h1>
      <p className="mt-4 text-xl text-muted">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-2xl font-bold">{section.heading}</h2>
          <p className="mt-2 text-lg">{section.body}</p>
        </section>
      ))}
    </article>
  );
}

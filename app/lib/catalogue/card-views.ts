import type { ArticleCard, Category, HelpTopicSummary, Offer, Review, ReviewSummary } from "@contract/api/catalogue";

// What a list's cards show, picked from the API's answers in the loader. A page's loader data is written into its
// HTML and encoded value by value on every uncached render, so a list sends its cards these fields and no more.

export type ArticleCardView = Pick<
  ArticleCard,
  "id" | "slug" | "name" | "image" | "collection" | "rating" | "description" | "price"
>;
export const articleCardView = ({
  id,
  slug,
  name,
  image,
  collection,
  rating,
  description,
  price,
}: ArticleCard): ArticleCardView => ({
  id,
  slug,
  name,
  image,
  collection,
  rating,
  description,
  price,
});

export type CategoryTileView = Pick<Category, "id" | "key" | "slug" | "name" | "image">;
export const categoryTileView = ({ id, key, slug, name, image }: Category): CategoryTileView => ({
  id,
  key,
  slug,
  name,
  image,
});

export type OfferCardView = Omit<Offer, "startsAt" | "articleIds">;
export const offerCardView = ({
  id,
  code,
  discountPercent,
  endsAt,
  minOrder,
  title,
  description,
  conditions,
  state,
}: Offer): OfferCardView => ({
  id,
  code,
  discountPercent,
  endsAt,
  minOrder,
  title,
  description,
  conditions,
  state,
});

export type ReviewLineView = Pick<Review, "id" | "title" | "author" | "articleName">;
export const reviewLineView = ({ id, title, author, articleName }: Review): ReviewLineView => ({
  id,
  title,
  author,
  articleName,
});

export type RatingView = Pick<ReviewSummary, "average" | "count">;
export const ratingView = ({ average, count }: ReviewSummary): RatingView => ({ average, count });

export type HelpTopicLinkView = Pick<HelpTopicSummary, "id" | "slug" | "title">;
export const helpTopicLinkView = ({ id, slug, title }: HelpTopicSummary): HelpTopicLinkView => ({ id, slug, title });

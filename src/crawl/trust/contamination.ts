/**
 * Offer contamination: which offers are not a clean offer for the product asked for.
 *
 * An offer is a wrong product ({@link wrongProductOffers}) when
 * - one of its texts (name, title, condition, description, category) carries an accessory, used
 *   or refurbished keyword ({@link wrongProductKinds}) that neither the query nor the product's
 *   own name carries, or
 * - it carries a name and that name does not describe the product: its similarity to the product
 *   name ({@link nameSimilarity}) is below {@link MIN_OFFER_NAME_SIMILARITY}, or the two names
 *   disagree on a model token (a token holding a digit, such as `s24` or `256gb`).
 *
 * `offer_contamination = clean offers / offers`, where an offer is clean when it is neither a wrong
 * product nor a price outlier. Without offers it is 1: nothing is contaminated, and the missing
 * offers already weigh on completeness.
 */
import type { OfferView } from './content.ts';
import { wrongProductKinds } from './keywords.ts';
import { nameSimilarity, tokensOf } from './text.ts';

/** Below this name similarity an offer's name is taken for another product. */
export const MIN_OFFER_NAME_SIMILARITY = 0.5;

const hasDigit = (token: string): boolean => /\p{N}/u.test(token);

/**
 * True when both names carry model tokens (tokens with a digit) and each has one the other lacks:
 * `Galaxy S24 128GB` against `Galaxy S23 128GB`. A name that only adds or only drops such tokens
 * (a year, a pack size) does not conflict.
 */
export function modelTokensConflict(productName: string, offerName: string): boolean {
  const product = [...tokensOf(productName)].filter(hasDigit);
  const offer = tokensOf(offerName);
  const offerModels = [...offer].filter(hasDigit);
  const productSet = new Set(product);
  return product.some((token) => !offer.has(token)) && offerModels.some((token) => !productSet.has(token));
}

/** Whether an offer's own name describes another product than `productName`. */
export function offerNameMismatch(productName: string, offerName: string): boolean {
  return (
    nameSimilarity(productName, offerName) < MIN_OFFER_NAME_SIMILARITY ||
    modelTokensConflict(productName, offerName)
  );
}

/**
 * Indices (into `content.offers`) of offers that are another product than the one asked for.
 * `references` are the texts that say what was asked for: the product name and, for a `term` or
 * `product` query, the query's own words.
 */
export function wrongProductOffers(
  offers: readonly OfferView[],
  productName: string | null,
  references: readonly string[],
): number[] {
  return offers
    .filter((offer) => {
      if (offer.texts.some((text) => wrongProductKinds(text, references).length > 0)) return true;
      return productName !== null && offer.names.some((name) => offerNameMismatch(productName, name));
    })
    .map((offer) => offer.index);
}

/** The offer contamination component: share of offers in neither index list. */
export function offerContamination(
  offerCount: number,
  outliers: readonly number[],
  wrong: readonly number[],
): number {
  if (offerCount === 0) return 1;
  const unclean = new Set([...outliers, ...wrong]);
  return (offerCount - unclean.size) / offerCount;
}

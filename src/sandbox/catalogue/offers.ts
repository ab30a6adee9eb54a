/** Merchants and offers of one storefront, including the planted outliers and wrong products. */
import { rngFor, type Rng } from '../random.ts';
import type {
  AvailabilityCode,
  CatalogueProfile,
  Offer,
  OfferCondition,
  Seller,
  WrongProductKind,
} from './catalogue.types.ts';
import { fillLabel, type Labels } from './labels.ts';
import { localShipping, shopPrice } from './products.ts';
import type { StorefrontLocale } from './locale.ts';
import { SHOP_NAME_PARTS } from './vocabulary.ts';

/** Euro shipping tariffs shops choose from (0 = free). */
const SHIPPING_TARIFFS_EURO_CENTS = [0, 0, 0, 299, 395, 499, 590];

/** Share of products that carry one planted price outlier, and one planted wrong product. */
const OUTLIER_SHARE = 0.1;
const WRONG_PRODUCT_SHARE = 0.12;

/** Standalone shops, marketplace sellers and (if any) the operator of one storefront. */
export function generateSellers(profile: CatalogueProfile, storefront: string, seed: number): Seller[] {
  const rng = rngFor(seed, profile.source, storefront, 'sellers');
  const sellers: Seller[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  const uniqueId = (): string => {
    for (;;) {
      const id = profile.makeSellerId(rng);
      if (!ids.has(id)) return (ids.add(id), id);
    }
  };
  if (profile.operatorName) {
    sellers.push({
      ...rating(rng),
      id: uniqueId(),
      name: profile.operatorName,
      kind: 'operator',
      marketplaceName: null,
      homepage: null,
    });
  }
  for (let i = 0; i < profile.shopCount + profile.marketplaceSellerCount; i++) {
    const isShop = i < profile.shopCount;
    const name = uniqueShopName(rng, names, isShop ? '' : ' Trading');
    sellers.push({
      ...rating(rng),
      id: uniqueId(),
      name,
      kind: isShop ? 'shop' : 'marketplace',
      marketplaceName: isShop ? null : rng.pick(profile.marketplaces),
      homepage: isShop ? `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example/` : null,
    });
  }
  return sellers;
}

function uniqueShopName(rng: Rng, taken: Set<string>, suffix: string): string {
  for (let attempt = 0; ; attempt++) {
    const base = rng.pick(SHOP_NAME_PARTS.first) + rng.pick(SHOP_NAME_PARTS.second);
    const name = (attempt > 20 ? `${base} ${attempt}` : base) + suffix;
    if (!taken.has(name)) return (taken.add(name), name);
  }
}

function rating(rng: Rng): { rating: number; ratingCount: number } {
  return { rating: rng.int(30, 50) / 10, ratingCount: rng.int(3, 60000) };
}

/** Inputs for one product's offers. */
export interface OfferInput {
  profile: CatalogueProfile;
  storefront: string;
  seed: number;
  productKey: number;
  productName: string;
  referencePriceMinor: number;
  locale: StorefrontLocale;
  labels: Labels;
  shops: readonly Seller[];
  marketplaceSellers: readonly Seller[];
  operator: Seller | undefined;
  newOfferId: () => string;
}

/** The offers of one product, in the site's ranking: mostly by total price, perturbed by seller quality. */
export function generateOffers(input: OfferInput): Offer[] {
  const rng = rngFor(input.seed, input.profile.source, input.storefront, 'offers', input.productKey);
  const { min, max } = input.profile.offersPerProduct;
  const count = rng.int(min, max);
  const sellers = pickSellers(input, rng, count);
  const offers = sellers.map((seller) => regularOffer(input, rng, seller));
  if (offers.length > 2 && rng.chance(OUTLIER_SHARE)) {
    const target = offers[rng.int(0, offers.length - 1)] as Offer;
    target.priceMinor = shopPrice(target.priceMinor * rng.pick([0.3, 2.8]), input.locale, rng);
    target.memberPriceMinor = null;
    target.outlier = true;
  }
  if (rng.chance(WRONG_PRODUCT_SHARE)) offers.push(wrongOffer(input, rng));
  const score = new Map(
    offers.map((offer) => [offer, (offer.priceMinor + offer.shippingMinor) * (0.9 + rng.next() * 0.25)]),
  );
  return offers.sort((a, b) => (score.get(a) ?? 0) - (score.get(b) ?? 0));
}

function pickSellers(input: OfferInput, rng: Rng, count: number): Seller[] {
  const chosen: Seller[] = [];
  if (input.operator && rng.chance(0.6)) chosen.push(input.operator);
  let attempts = 0;
  while (chosen.length < count && attempts++ < count * 10) {
    const pool = rng.chance(input.profile.marketplaceShare) ? input.marketplaceSellers : input.shops;
    if (pool.length === 0) continue;
    const seller = rng.pick(pool);
    if (!chosen.includes(seller)) chosen.push(seller);
  }
  return chosen;
}

function regularOffer(input: OfferInput, rng: Rng, seller: Seller): Offer {
  const priceMinor = shopPrice(input.referencePriceMinor * (0.92 + rng.next() * 0.2), input.locale, rng);
  const hasMemberPrice = rng.chance(input.profile.memberPriceShare);
  return {
    id: input.newOfferId(),
    sellerId: seller.id,
    priceMinor,
    shippingMinor: localShipping(rng.pick(SHIPPING_TARIFFS_EURO_CENTS), input.locale),
    memberPriceMinor: hasMemberPrice ? Math.round((priceMinor * rng.int(80, 92)) / 100) : null,
    availability: pickAvailability(rng),
    voucher: rng.chance(0.15),
    freeReturn: rng.chance(0.4),
    condition: 'new',
    fulfilledByOperator: seller.kind === 'operator' || (seller.kind === 'marketplace' && rng.chance(0.6)),
    title: input.productName,
    outlier: false,
    wrongProduct: null,
  };
}

function pickAvailability(rng: Rng): AvailabilityCode {
  const draw = rng.next();
  return draw < 0.75 ? 'green' : draw < 0.93 ? 'orange' : 'red';
}

/** An offer listed under the product that is something else: an accessory, or a refurbished/used unit. */
function wrongOffer(input: OfferInput, rng: Rng): Offer {
  const kind: WrongProductKind = rng.pick(['accessory', 'refurbished', 'used']);
  const pool = input.marketplaceSellers.length > 0 ? input.marketplaceSellers : input.shops;
  const seller = rng.pick(pool);
  const factor = kind === 'accessory' ? 0.08 : kind === 'refurbished' ? 0.72 : 0.6;
  const condition: OfferCondition = kind === 'accessory' ? 'new' : kind;
  const offer = regularOffer(input, rng, seller);
  offer.priceMinor = shopPrice(input.referencePriceMinor * factor, input.locale, rng);
  offer.memberPriceMinor = null;
  offer.condition = condition;
  offer.wrongProduct = kind;
  offer.title =
    kind === 'accessory'
      ? fillLabel(input.labels.accessoryFor, { name: input.productName })
      : `${input.productName} (${input.labels.condition[condition]})`;
  return offer;
}

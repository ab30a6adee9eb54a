import { isRecord, numberOf } from '../../crawl/trust/content.ts';

/** The price figures of one observation, as the history lists them. */
export interface PriceFigures {
  price_min: number | null;
  price_avg: number | null;
  price_max: number | null;
  offers_count: number | null;
  /** The buy-box price (source_02, source_05, source_09), where the content has one. */
  buybox_price: number | null;
  currency: string | null;
}

const EMPTY: PriceFigures = {
  price_min: null,
  price_avg: null,
  price_max: null,
  offers_count: null,
  buybox_price: null,
  currency: null,
};

function offerPrices(offers: readonly unknown[]): number[] {
  return offers.flatMap((offer) => {
    const price = isRecord(offer) ? numberOf(offer.price) : null;
    return price === null ? [] : [price];
  });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function currencyOf(content: Record<string, unknown>, offers: readonly unknown[]): string | null {
  if (typeof content.currency === 'string') return content.currency;
  const first = offers.find((offer) => isRecord(offer) && typeof offer.currency === 'string');
  return isRecord(first) ? (first.currency as string) : null;
}

/**
 * The price figures of a result's content: the content's own `price_min`/`price_avg`/`price_max`
 * and `offers_count` where the source gives them (source_01), else computed from `offers[].price`;
 * the buy-box price from `buybox.price`. A completed lookup that found nothing has 0 offers.
 */
export function priceFiguresOf(content: Record<string, unknown> | null, notFound: boolean): PriceFigures {
  if (notFound) return { ...EMPTY, offers_count: 0 };
  if (content === null) return EMPTY;
  const offers = Array.isArray(content.offers) ? content.offers : [];
  const prices = offerPrices(offers);
  const computed = prices.length > 0;
  const countGiven = numberOf(content.offers_count);
  return {
    price_min: numberOf(content.price_min) ?? (computed ? Math.min(...prices) : null),
    price_avg:
      numberOf(content.price_avg) ??
      (computed ? round2(prices.reduce((sum, price) => sum + price, 0) / prices.length) : null),
    price_max: numberOf(content.price_max) ?? (computed ? Math.max(...prices) : null),
    offers_count: countGiven !== null ? Math.trunc(countGiven) : offers.length > 0 ? offers.length : null,
    buybox_price: isRecord(content.buybox) ? numberOf(content.buybox.price) : null,
    currency: currencyOf(content, offers),
  };
}

/**
 * Price moves: the sandbox's way to change what a product costs between two crawls, so change
 * alerts (decisions G40) can be exercised against real pages. Each move scales every offer of one
 * product on one storefront by a percentage; the pages and `/catalog.json` both show the moved
 * catalogue, which is built per sandbox app (never written into the shared memoized catalogue).
 */
import type { Catalogue, Offer, Product } from './catalogue/catalogue.types.ts';

/** One product's price moved by `percent` (e.g. 10 = 10 % dearer, -25 = a quarter cheaper). */
export interface PriceMove {
  source: string;
  storefront: string;
  product_id: string;
  percent: number;
}

function scaled(minor: number, factor: number): number {
  return Math.max(1, Math.round(minor * factor));
}

function movedOffer(offer: Offer, factor: number): Offer {
  const memberPriceMinor = offer.memberPriceMinor === null ? null : scaled(offer.memberPriceMinor, factor);
  return { ...offer, priceMinor: scaled(offer.priceMinor, factor), memberPriceMinor };
}

function remapped<K>(map: ReadonlyMap<K, Product>, moved: ReadonlyMap<Product, Product>): Map<K, Product> {
  return new Map([...map].map(([key, product]) => [key, moved.get(product) ?? product]));
}

/** The price moves of one sandbox app and the moved catalogues they make. */
export class PriceMoves {
  private moves: PriceMove[] = [];
  private readonly built = new Map<string, Catalogue>();

  /** Replaces every move (an empty list restores the seeded prices). */
  replace(moves: readonly PriceMove[]): void {
    this.moves = moves.map((move) => ({ ...move }));
    this.built.clear();
  }

  current(): PriceMove[] {
    return this.moves.map((move) => ({ ...move }));
  }

  /** `catalogue` of `source` with its moves applied (the same object when none apply). */
  apply(source: string, catalogue: Catalogue): Catalogue {
    const here = this.moves.filter(
      (move) => move.source === source && move.storefront === catalogue.storefront,
    );
    if (here.length === 0) return catalogue;
    const memoKey = `${source}:${catalogue.storefront}:${catalogue.seed}`;
    const known = this.built.get(memoKey);
    if (known) return known;
    const moved = new Map<Product, Product>();
    for (const move of here) {
      const product = catalogue.productById.get(move.product_id);
      if (!product) continue;
      const factor = 1 + move.percent / 100;
      moved.set(product, {
        ...product,
        referencePriceMinor: scaled(product.referencePriceMinor, factor),
        offers: product.offers.map((offer) => movedOffer(offer, factor)),
      });
    }
    const offerById = new Map(
      [...catalogue.offerById].map(([id, { product, offer }]) => {
        const now = moved.get(product);
        return [
          id,
          now
            ? { product: now, offer: now.offers[product.offers.indexOf(offer)] ?? offer }
            : { product, offer },
        ];
      }),
    );
    const result: Catalogue = {
      ...catalogue,
      products: catalogue.products.map((product) => moved.get(product) ?? product),
      productById: remapped(catalogue.productById, moved),
      productByGtin: remapped(catalogue.productByGtin, moved),
      productByPzn: remapped(catalogue.productByPzn, moved),
      offerById,
    };
    this.built.set(memoKey, result);
    return result;
  }
}

/** Parses the body of `PUT /_sandbox/price-moves`: `{moves: [{source, storefront, product_id, percent}]}`. */
export function parsePriceMoves(body: unknown): { moves: PriceMove[] } | { error: string } {
  const list = typeof body === 'object' && body !== null ? (body as { moves?: unknown }).moves : undefined;
  if (!Array.isArray(list)) return { error: 'body must be {"moves": [...]}' };
  const moves: PriceMove[] = [];
  for (const [position, entry] of list.entries()) {
    const move = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { source, storefront, product_id: productId, percent } = move;
    if (typeof source !== 'string' || typeof storefront !== 'string' || typeof productId !== 'string') {
      return { error: `moves[${position}] needs source, storefront and product_id strings` };
    }
    if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= -100) {
      return { error: `moves[${position}].percent must be a number above -100` };
    }
    moves.push({ source, storefront, product_id: productId, percent });
  }
  return { moves };
}

import { normalizeAvailability, type Availability } from './availability.ts';
import { type HtmlElement, type ParsedPage } from './dom.ts';
import { shortTextOf } from './text.ts';
import { distanceScore, hintsOf, isHidden, isNoiseArea } from './layout.ts';

/** Class/id/test-attribute words of an element that states stock. */
const AVAILABILITY_HINT =
  /avail|stock|dispon|verf[uü]g|lieferbar|delivery-?status|inventory|sold-?out|soldout|zalog|sklad|nalich|наличи/iu;

/** Class words of a message for one particular stock state. */
const STATE_TEMPLATE_HINT =
  /unavailab|not-?available|out-?of-?stock|sold-?out|no-?stock|in-?stock|is-?available/iu;

/**
 * Texts about something other than buying the product online: images, lists, errors, and stock
 * in a particular store (a product sold online may be out of stock in the shopper's store).
 */
const NOT_ABOUT_STOCK =
  /image|photo|bild|imagen|immagine|foto|wish ?list|liste|error|sorry|problem|in[ -]?store|collect|pick[ -]?up|filiale|markt|magasin|tienda|negozio|loja|sklep|prodejn|obchod/iu;

/** A stock message is short; longer texts are descriptions that mention stock in passing. */
const MAX_TEXT_CHARS = 160;

/** The attributes an availability badge is usually named by. */
function availabilityHints(element: HtmlElement): string {
  const { attrs } = element;
  const roles = attrs['data-testid'] ?? attrs['data-test'] ?? attrs['data-qa'];
  if (roles === undefined) return hintsOf(element);
  return `${hintsOf(element)} ${attrs['data-testid'] ?? ''} ${attrs['data-test'] ?? ''} ${attrs['data-qa'] ?? ''}`;
}

/**
 * Reads the stock state the page shows next to the product (`In stock`, `Derzeit nicht
 * verfügbar`, `Нет в наличии`) from elements named for availability, preferring the one closest
 * to the product title. Null when no such element says either.
 */
export function findShownAvailability(page: ParsedPage, mainOrder: number | null): Availability | null {
  let best: { value: Availability; score: number } | null = null;
  for (const element of page.elements) {
    if (element.tag === 'script' || element.tag === 'style' || element.tag === 'option') continue;
    // Cheap size test first: most elements are empty or large containers.
    if (element.textSize === 0 || element.textSize > MAX_TEXT_CHARS) continue;
    const hints = availabilityHints(element);
    // A class that names one state (`unavailable-label`, `sold-out`) marks a message that CSS shows
    // only in that state; shops ship it on every page, so its text says nothing about this one.
    if (!AVAILABILITY_HINT.test(hints) || STATE_TEMPLATE_HINT.test(hints)) continue;
    const text = shortTextOf(element, MAX_TEXT_CHARS);
    // "Image not available" and similar notes are about something other than the product's stock.
    if (text === null || NOT_ABOUT_STOCK.test(text) || isHidden(element)) continue;
    const value = normalizeAvailability(text);
    if (value === null) continue;
    let score = mainOrder === null ? 0 : distanceScore(element.order - mainOrder);
    if (isNoiseArea(element)) score -= 4;
    if (best === null || score > best.score) best = { value, score };
  }
  return best !== null && best.score > -3 ? best.value : null;
}

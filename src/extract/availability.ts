/** Availability as the extractor reports it: the two schema.org states that matter for a price. */
export type Availability = 'InStock' | 'OutOfStock';

/** schema.org ItemAvailability values (after the last `/`), mapped to whether one can buy now. */
const SCHEMA_STATES: Record<string, Availability> = {
  instock: 'InStock',
  instoreonly: 'InStock',
  onlineonly: 'InStock',
  limitedavailability: 'InStock',
  preorder: 'InStock',
  presale: 'InStock',
  backorder: 'InStock',
  outofstock: 'OutOfStock',
  soldout: 'OutOfStock',
  discontinued: 'OutOfStock',
};

/**
 * Phrases that say a product cannot be bought, in the languages of the shops we crawl. Checked
 * before the in-stock phrases because many contain them (`not available`, `nicht verfügbar`,
 * `indisponible`).
 */
const OUT_OF_STOCK_PHRASES = [
  'out of stock',
  'out-of-stock',
  'outofstock',
  'sold out',
  'soldout',
  'currently unavailable',
  'unavailable',
  'not available',
  'no longer available',
  'not in stock',
  'no stock',
  'ausverkauft',
  'nicht verfügbar',
  'nicht lieferbar',
  'nicht auf lager',
  'vergriffen',
  'épuisé',
  'epuise',
  'rupture de stock',
  'indisponible',
  'plus disponible',
  'agotado',
  'sin stock',
  'no disponible',
  'sin existencias',
  'esaurito',
  'non disponibile',
  'esgotado',
  'indisponível',
  'sem estoque',
  'sem stock',
  'niedostępny',
  'brak w magazynie',
  'wyprzedany',
  'wyprzedane',
  'nedostupn',
  'vypredan',
  'není skladem',
  'nie je na sklade',
  'nincs készleten',
  'uitverkocht',
  'niet op voorraad',
  'niet leverbaar',
  'slutsåld',
  'slutsålt',
  'ikke på lager',
  'udsolgt',
  'utsolgt',
  'loppu',
  'ei varastossa',
  'нет в наличии',
  'распродано',
  'немає в наявності',
  'stokta yok',
  'tükendi',
  'nu este în stoc',
  'nu este in stoc',
  'stoc epuizat',
  'indisponibil',
  'nema na zalihi',
  'nije dostupno',
  'ni na zalogi',
  'razprodano',
  'nav pieejams',
  'nav noliktavā',
  'ei ole laos',
  'laos otsas',
  'εξαντλήθηκε',
  'μη διαθέσιμο',
  'אזל מהמלאי',
  'غير متوفر',
  'نفدت الكمية',
  '在庫切れ',
  '品切れ',
  '売り切れ',
  '缺货',
  '缺貨',
  '售完',
  '已售完',
  '无货',
  '無貨',
  '품절',
  'niet verkrijgbaar',
  'niet beschikbaar',
  'tillfälligt slut',
  'inte i lager',
  'ej i lager',
  'mevcut değil',
  'vyprodáno',
  'elfogyott',
  'няма наличност',
  'rasprodano',
  'išparduota',
  'nėra sandėlyje',
  'สินค้าหมด',
  'hết hàng',
  'stok habis',
];

/** Phrases that say a product can be bought now. */
const IN_STOCK_PHRASES = [
  'in stock',
  'in-stock',
  'instock',
  'available',
  'add to cart',
  'add to basket',
  'add to bag',
  'buy now',
  'auf lager',
  'lieferbar',
  'verfügbar',
  'in den warenkorb',
  'en stock',
  'disponible',
  'en existencia',
  'disponibile',
  'in magazzino',
  'em estoque',
  'em stock',
  'disponível',
  'dostępny',
  'na stanie',
  'w magazynie',
  'skladem',
  'na sklade',
  'raktáron',
  'op voorraad',
  'leverbaar',
  'i lager',
  'på lager',
  'varastossa',
  'в наличии',
  'є в наявності',
  'stokta',
  'în stoc',
  'in stoc',
  'na zalihi',
  'na zalogi',
  'dostupno',
  'pieejams',
  'noliktavā',
  'on laos',
  'σε απόθεμα',
  'διαθέσιμο',
  'במלאי',
  'متوفر',
  '在庫あり',
  '有货',
  '有貨',
  '現貨',
  '재고 있음',
];

/**
 * Maps an availability value to `'InStock'`, `'OutOfStock'` or null when it says neither.
 *
 * Accepts schema.org values in any spelling (`https://schema.org/InStock`, `instock`,
 * `out_of_stock`), and short human phrases in many languages (`Auf Lager`, `Épuisé`,
 * `Нет в наличии`). Meant for a label or an attribute value, not a whole page.
 */
export function normalizeAvailability(text: string): Availability | null {
  const lowered = text.normalize('NFC').toLowerCase().trim();
  if (lowered === '') return null;
  const schemaKey = lowered.replace(/^.*[/:#]/u, '').replace(/[\s_-]/gu, '');
  const schemaState = SCHEMA_STATES[schemaKey];
  if (schemaState !== undefined) return schemaState;
  const spaced = lowered.replace(/[\s_]+/gu, ' ');
  if (OUT_OF_STOCK_PHRASES.some((phrase) => spaced.includes(phrase))) return 'OutOfStock';
  if (IN_STOCK_PHRASES.some((phrase) => spaced.includes(phrase))) return 'InStock';
  return null;
}

/** Reads stock flags written as booleans or numbers (`"inStock": true`, `"stock": 0`) in JSON state. */
export function availabilityFromFlag(value: unknown): Availability | null {
  if (typeof value === 'boolean') return value ? 'InStock' : 'OutOfStock';
  if (typeof value === 'string') return normalizeAvailability(value);
  return null;
}

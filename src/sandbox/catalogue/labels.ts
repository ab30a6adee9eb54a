/** Interface labels of the sandbox sites, per language. `{x}` marks a placeholder. */
import type { Language } from './locale.ts';

export interface Labels {
  availability: { green: string; orange: string; red: string };
  freeShipping: string;
  /** `{amount}` is the formatted shipping cost. */
  plusShipping: string;
  soldBy: string;
  shipsFrom: string;
  condition: { new: string; used: string; refurbished: string };
  /** Title of an accessory offered under the product: `{name}` is the product name. */
  accessoryFor: string;
  noResults: string;
  /** `{count}` further sellers not listed on the page. */
  moreSellers: string;
  memberPrice: string;
  ratings: string;
  results: string;
}

const LABELS: Record<Language, Labels> = {
  en: {
    availability: { green: 'In stock', orange: 'Usually ships in 1-2 weeks', red: 'Currently unavailable' },
    freeShipping: 'FREE delivery',
    plusShipping: '+ {amount} delivery',
    soldBy: 'Sold by',
    shipsFrom: 'Ships from',
    condition: { new: 'New', used: 'Used - Good', refurbished: 'Refurbished' },
    accessoryFor: 'Protective case for {name}',
    noResults: 'No results for "{term}"',
    moreSellers: '{count} more sellers',
    memberPrice: 'Members-only price',
    ratings: '{count} ratings',
    results: '{count} results',
  },
  de: {
    availability: { green: 'Auf Lager', orange: 'Lieferung in 1-2 Wochen', red: 'Derzeit nicht verfügbar' },
    freeShipping: 'KOSTENLOSE Lieferung',
    plusShipping: '+ {amount} Versand',
    soldBy: 'Verkauf durch',
    shipsFrom: 'Versand durch',
    condition: { new: 'Neu', used: 'Gebraucht - Gut', refurbished: 'Generalüberholt' },
    accessoryFor: 'Schutzhülle für {name}',
    noResults: 'Keine Ergebnisse für „{term}“',
    moreSellers: '{count} weitere Verkäufer',
    memberPrice: 'Exklusiver Mitgliederpreis',
    ratings: '{count} Bewertungen',
    results: '{count} Ergebnisse',
  },
  fr: {
    availability: {
      green: 'En stock',
      orange: 'Expédié sous 1 à 2 semaines',
      red: 'Actuellement indisponible',
    },
    freeShipping: 'Livraison GRATUITE',
    plusShipping: '+ {amount} de livraison',
    soldBy: 'Vendu par',
    shipsFrom: 'Expédié par',
    condition: { new: 'Neuf', used: "D'occasion - Bon", refurbished: 'Reconditionné' },
    accessoryFor: 'Étui de protection pour {name}',
    noResults: 'Aucun résultat pour « {term} »',
    moreSellers: '{count} autres vendeurs',
    memberPrice: 'Prix réservé aux membres',
    ratings: '{count} évaluations',
    results: '{count} résultats',
  },
  it: {
    availability: { green: 'Disponibile', orange: 'Spedizione in 1-2 settimane', red: 'Non disponibile' },
    freeShipping: 'Consegna GRATUITA',
    plusShipping: '+ {amount} di spedizione',
    soldBy: 'Venduto da',
    shipsFrom: 'Spedito da',
    condition: { new: 'Nuovo', used: 'Usato - Buone condizioni', refurbished: 'Ricondizionato' },
    accessoryFor: 'Custodia protettiva per {name}',
    noResults: 'Nessun risultato per "{term}"',
    moreSellers: 'Altri {count} venditori',
    memberPrice: 'Prezzo riservato ai membri',
    ratings: '{count} valutazioni',
    results: '{count} risultati',
  },
  es: {
    availability: { green: 'En stock', orange: 'Envío en 1-2 semanas', red: 'No disponible' },
    freeShipping: 'Envío GRATIS',
    plusShipping: '+ {amount} de envío',
    soldBy: 'Vendido por',
    shipsFrom: 'Enviado por',
    condition: { new: 'Nuevo', used: 'Usado - Buen estado', refurbished: 'Reacondicionado' },
    accessoryFor: 'Funda protectora para {name}',
    noResults: 'No hay resultados para "{term}"',
    moreSellers: '{count} vendedores más',
    memberPrice: 'Precio exclusivo para miembros',
    ratings: '{count} valoraciones',
    results: '{count} resultados',
  },
  nl: {
    availability: {
      green: 'Op voorraad',
      orange: 'Levering in 1-2 weken',
      red: 'Momenteel niet verkrijgbaar',
    },
    freeShipping: 'GRATIS bezorging',
    plusShipping: '+ {amount} verzendkosten',
    soldBy: 'Verkocht door',
    shipsFrom: 'Verzonden door',
    condition: { new: 'Nieuw', used: 'Gebruikt - Goed', refurbished: 'Gereviseerd' },
    accessoryFor: 'Beschermhoes voor {name}',
    noResults: 'Geen resultaten voor "{term}"',
    moreSellers: '{count} andere verkopers',
    memberPrice: 'Prijs alleen voor leden',
    ratings: '{count} beoordelingen',
    results: '{count} resultaten',
  },
  pl: {
    availability: { green: 'Dostępny', orange: 'Wysyłka w ciągu 1-2 tygodni', red: 'Obecnie niedostępny' },
    freeShipping: 'DARMOWA dostawa',
    plusShipping: '+ {amount} dostawa',
    soldBy: 'Sprzedawca',
    shipsFrom: 'Wysyłka przez',
    condition: { new: 'Nowy', used: 'Używany - Dobry', refurbished: 'Odnowiony' },
    accessoryFor: 'Etui ochronne do {name}',
    noResults: 'Brak wyników dla „{term}”',
    moreSellers: '{count} innych sprzedawców',
    memberPrice: 'Cena tylko dla członków',
    ratings: '{count} ocen',
    results: '{count} wyników',
  },
  sv: {
    availability: {
      green: 'I lager',
      orange: 'Skickas inom 1-2 veckor',
      red: 'Inte tillgänglig för närvarande',
    },
    freeShipping: 'GRATIS leverans',
    plusShipping: '+ {amount} frakt',
    soldBy: 'Säljs av',
    shipsFrom: 'Skickas från',
    condition: { new: 'Ny', used: 'Begagnad - Bra', refurbished: 'Renoverad' },
    accessoryFor: 'Skyddsfodral för {name}',
    noResults: 'Inga resultat för "{term}"',
    moreSellers: '{count} fler säljare',
    memberPrice: 'Pris endast för medlemmar',
    ratings: '{count} betyg',
    results: '{count} resultat',
  },
  pt: {
    availability: { green: 'Em estoque', orange: 'Envio em 1-2 semanas', red: 'Indisponível no momento' },
    freeShipping: 'Frete GRÁTIS',
    plusShipping: '+ {amount} de frete',
    soldBy: 'Vendido por',
    shipsFrom: 'Enviado por',
    condition: { new: 'Novo', used: 'Usado - Bom', refurbished: 'Recondicionado' },
    accessoryFor: 'Capa protetora para {name}',
    noResults: 'Nenhum resultado para "{term}"',
    moreSellers: 'Mais {count} vendedores',
    memberPrice: 'Preço exclusivo para membros',
    ratings: '{count} avaliações',
    results: '{count} resultados',
  },
  ja: {
    availability: { green: '在庫あり', orange: '通常1～2週間以内に発送', red: '現在在庫切れです' },
    freeShipping: '配送料無料',
    plusShipping: '+ 配送料 {amount}',
    soldBy: '販売元',
    shipsFrom: '出荷元',
    condition: { new: '新品', used: '中古品 - 良い', refurbished: '整備済み品' },
    accessoryFor: '{name} 用保護ケース',
    noResults: '「{term}」の検索に一致する商品はありませんでした',
    moreSellers: '他 {count} 件の出品者',
    memberPrice: '会員限定価格',
    ratings: '{count} 個の評価',
    results: '{count} 件の結果',
  },
  tr: {
    availability: { green: 'Stokta var', orange: '1-2 hafta içinde kargoda', red: 'Şu anda mevcut değil' },
    freeShipping: 'ÜCRETSİZ teslimat',
    plusShipping: '+ {amount} kargo',
    soldBy: 'Satıcı',
    shipsFrom: 'Gönderici',
    condition: { new: 'Yeni', used: 'İkinci El - İyi', refurbished: 'Yenilenmiş' },
    accessoryFor: '{name} için koruyucu kılıf',
    noResults: '"{term}" için sonuç bulunamadı',
    moreSellers: '{count} satıcı daha',
    memberPrice: 'Üyelere özel fiyat',
    ratings: '{count} değerlendirme',
    results: '{count} sonuç',
  },
  da: {
    availability: {
      green: 'På lager',
      orange: 'Sendes inden for 1-2 uger',
      red: 'Ikke tilgængelig i øjeblikket',
    },
    freeShipping: 'GRATIS levering',
    plusShipping: '+ {amount} fragt',
    soldBy: 'Sælges af',
    shipsFrom: 'Sendes fra',
    condition: { new: 'Ny', used: 'Brugt - God', refurbished: 'Renoveret' },
    accessoryFor: 'Beskyttelsescover til {name}',
    noResults: 'Ingen resultater for "{term}"',
    moreSellers: '{count} andre sælgere',
    memberPrice: 'Pris kun for medlemmer',
    ratings: '{count} bedømmelser',
    results: '{count} resultater',
  },
  nb: {
    availability: {
      green: 'På lager',
      orange: 'Sendes innen 1-2 uker',
      red: 'Ikke tilgjengelig for øyeblikket',
    },
    freeShipping: 'GRATIS levering',
    plusShipping: '+ {amount} frakt',
    soldBy: 'Selges av',
    shipsFrom: 'Sendes fra',
    condition: { new: 'Ny', used: 'Brukt - God', refurbished: 'Renovert' },
    accessoryFor: 'Beskyttelsesdeksel til {name}',
    noResults: 'Ingen resultater for "{term}"',
    moreSellers: '{count} andre selgere',
    memberPrice: 'Pris kun for medlemmer',
    ratings: '{count} vurderinger',
    results: '{count} resultater',
  },
};

/** The labels of one language. */
export function labelsFor(language: Language): Labels {
  return LABELS[language];
}

/** Fills `{name}` placeholders. */
export function fillLabel(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

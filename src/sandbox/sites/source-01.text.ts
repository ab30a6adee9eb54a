/** The display words of source_01's pages, per storefront language. */
import type { Catalogue } from '../catalogue/catalogue.types.ts';
import { lookupTable } from '../../platform/lib/lookup.ts';

export type Text = Record<
  | 'from'
  | 'voucher'
  | 'freeReturn'
  | 'marketplaceSeller'
  | 'listedSince'
  | 'offers'
  | 'next'
  | 'sponsored'
  | 'ad',
  string
>;
const TEXT: Record<string, Text> = lookupTable({
  de: {
    from: 'ab',
    voucher: 'Gutschein',
    freeReturn: 'Kostenlose Rücksendung',
    marketplaceSeller: 'Händler auf {marketplace}',
    listedSince: 'Gelistet seit',
    offers: '{count} Angebote',
    next: 'Weiter',
    sponsored: 'Gesponsert',
    ad: 'Anzeige',
  },
  en: {
    from: 'from',
    voucher: 'Voucher',
    freeReturn: 'Free returns',
    marketplaceSeller: 'Seller on {marketplace}',
    listedSince: 'Listed since',
    offers: '{count} offers',
    next: 'Next',
    sponsored: 'Sponsored',
    ad: 'Ad',
  },
  fr: {
    from: 'dès',
    voucher: 'Bon de réduction',
    freeReturn: 'Retour gratuit',
    marketplaceSeller: 'Vendeur sur {marketplace}',
    listedSince: 'Référencé depuis',
    offers: '{count} offres',
    next: 'Suivant',
    sponsored: 'Sponsorisé',
    ad: 'Annonce',
  },
  it: {
    from: 'da',
    voucher: 'Buono sconto',
    freeReturn: 'Reso gratuito',
    marketplaceSeller: 'Venditore su {marketplace}',
    listedSince: 'In elenco dal',
    offers: '{count} offerte',
    next: 'Avanti',
    sponsored: 'Sponsorizzato',
    ad: 'Annuncio',
  },
  es: {
    from: 'desde',
    voucher: 'Cupón',
    freeReturn: 'Devolución gratuita',
    marketplaceSeller: 'Vendedor en {marketplace}',
    listedSince: 'Disponible desde',
    offers: '{count} ofertas',
    next: 'Siguiente',
    sponsored: 'Patrocinado',
    ad: 'Anuncio',
  },
});

/** The words of `catalogue`'s language (English where the site has none). */
export const textOf = (catalogue: Catalogue): Text => TEXT[catalogue.locale.language] ?? (TEXT.en as Text);

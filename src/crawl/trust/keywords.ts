/**
 * Multilingual keywords that mark an offer or a product as something other than the new product
 * asked for: an accessory for it, a used item or a refurbished one. Languages: en de fr it es pt nl
 * pl sv da nb tr ja. Keywords are written naturally and folded like the text they are matched in.
 */
import { foldText } from './text.ts';

/** Why an offer or product is taken for a different product. */
export type WrongProductKind = 'accessory' | 'used' | 'refurbished';

interface KeywordList {
  /** Whole words or phrases, matched on token boundaries. */
  words: readonly string[];
  /** Word endings, for compounds such as `Schutzhülle` or `Beschermhoes`. */
  endings: readonly string[];
  /** Substrings for scripts written without spaces (Japanese). */
  substrings: readonly string[];
}

/** A comma-separated keyword list, so the lists read as prose rather than one word per line. */
const list = (words: string): string[] => words.split(',').map((word) => word.trim());

const KEYWORDS: Record<WrongProductKind, KeywordList> = {
  accessory: {
    words: [
      ...list(
        'case, cover, sleeve, bumper, screen protector, tempered glass, charger, charging cable, cable',
      ),
      ...list(
        'adapter, strap, replacement, spare part, spare parts, accessory, accessories, compatible with',
      ),
      ...list('mount, holder, ear tips, ear pads'),
      ...list('hülle, tasche, schutzfolie, panzerglas, ladegerät, ladekabel, kabel, ersatzteil, ersatz'),
      ...list('zubehör, halterung, kompatibel mit, passend für'),
      ...list(
        'étui, coque, housse, protection écran, chargeur, câble, adaptateur, accessoire, compatible avec',
      ),
      ...list('custodia, pellicola, caricatore, cavo, adattatore, ricambio, accessorio, compatibile con'),
      ...list(
        'funda, carcasa, protector de pantalla, cargador, adaptador, repuesto, accesorio, compatible con',
      ),
      ...list('capa, capinha, película, carregador, acessório, compatível com'),
      ...list('hoes, hoesje, oplader, onderdeel, geschikt voor'),
      ...list('pokrowiec, ładowarka, akcesoria, kompatybilny z'),
      ...list('fodral, skal, laddare, tillbehör, beskyttelsescover, deksel, lader, tilbehør'),
      ...list('kılıf, şarj aleti, aksesuar, uyumlu'),
    ],
    endings: list('hülle, schutzfolie, schutzglas, ladekabel, hoes, hoesje, fodral, deksel'),
    substrings: list('ケース, カバー, 保護フィルム, 充電器, 対応, 互換'),
  },
  used: {
    words: [
      ...list('used, pre-owned, preowned, second hand, secondhand, like new, open box'),
      ...list('gebraucht, gebrauchte, gebrauchter, gebrauchtes, wie neu, b-ware'),
      ...list("d'occasion, occasion bon état, occasion très bon état, comme neuf, seconde main"),
      ...list('usato, usata, come nuovo, usado, usada, segunda mano, seminuevo, como nuevo, seminovo'),
      ...list('gebruikt, tweedehands, używany, używana, begagnad, begagnat, brugt, brukt'),
      ...list('ikinci el, kullanılmış'),
    ],
    endings: [],
    substrings: list('中古'),
  },
  refurbished: {
    words: [
      ...list('refurbished, refurb, renewed, remanufactured, reconditioned, certified pre-owned'),
      ...list('generalüberholt, überholt, aufbereitet, wiederaufbereitet'),
      ...list('reconditionné, reconditionnée, remis à neuf, ricondizionato, ricondizionata, rigenerato'),
      ...list('reacondicionado, reacondicionada, restaurado, recondicionado, gereviseerd'),
      ...list('odnowiony, odnowiona, renoverad, renoveret, renovert, yenilenmiş'),
    ],
    endings: [],
    substrings: list('整備済み, 再生品'),
  },
};

/** Words that turn a following condition keyword into its opposite ("never used", "nicht gebraucht"). */
const NEGATIONS = new Set(
  list(
    'not, never, no, kein, keine, nicht, nie, jamais, pas, mai, nunca, sin, niet, geen, nigdy, aldrig, ikke, inte',
  ).map(foldText),
);

interface CompiledList {
  /** Phrases (as word lists) by their first word: a token is only compared with phrases it can start. */
  wordsByFirst: Map<string, string[][]>;
  endings: string[];
  substrings: string[];
}

function compile(keywords: KeywordList): CompiledList {
  const wordsByFirst = new Map<string, string[][]>();
  for (const phrase of new Set(keywords.words.map(foldText))) {
    const words = phrase.split(' ');
    const first = words[0] ?? '';
    wordsByFirst.set(first, [...(wordsByFirst.get(first) ?? []), words]);
  }
  return { wordsByFirst, endings: keywords.endings.map(foldText), substrings: [...keywords.substrings] };
}

const KINDS = ['accessory', 'used', 'refurbished'] as const;

const COMPILED: Record<WrongProductKind, CompiledList> = {
  accessory: compile(KEYWORDS.accessory),
  used: compile(KEYWORDS.used),
  refurbished: compile(KEYWORDS.refurbished),
};

function phraseAt(tokens: readonly string[], phrase: readonly string[], start: number): boolean {
  for (let offset = 1; offset < phrase.length; offset++) {
    if (tokens[start + offset] !== phrase[offset]) return false;
  }
  return true;
}

function isNegated(tokens: readonly string[], start: number): boolean {
  return [tokens[start - 1], tokens[start - 2]].some((token) => token !== undefined && NEGATIONS.has(token));
}

/** The keywords of `kind` among the folded tokens of `text`. */
function keywordsInTokens(text: string, tokens: readonly string[], kind: WrongProductKind): string[] {
  const list = COMPILED[kind];
  const found = new Set<string>();
  for (let start = 0; start < tokens.length; start++) {
    const token = tokens[start] ?? '';
    for (const phrase of list.wordsByFirst.get(token) ?? []) {
      // An accessory stays an accessory under a negation; a condition word does not ("never used").
      if (phraseAt(tokens, phrase, start) && (kind === 'accessory' || !isNegated(tokens, start))) {
        found.add(phrase.join(' '));
      }
    }
    for (const ending of list.endings)
      if (token.length > ending.length && token.endsWith(ending)) found.add(ending);
  }
  for (const substring of list.substrings) if (text.includes(substring)) found.add(substring);
  return [...found];
}

/** The keywords of `kind` found in a text, in folded form (empty when none). */
export function keywordsIn(text: string, kind: WrongProductKind): string[] {
  return keywordsInTokens(text, foldText(text).split(' '), kind);
}

/** Keywords of each kind by text, for the reference texts that every offer of a result is checked against. */
const referenceKeywords = new Map<string, Record<WrongProductKind, string[]>>();
/** Entries kept in {@link referenceKeywords}; it starts over when full, so memory stays bounded. */
const MAX_REFERENCE_TEXTS = 1024;

function allKeywordsIn(text: string): Record<WrongProductKind, string[]> {
  let keywords = referenceKeywords.get(text);
  if (keywords === undefined) {
    const tokens = foldText(text).split(' ');
    keywords = {
      accessory: keywordsInTokens(text, tokens, 'accessory'),
      used: keywordsInTokens(text, tokens, 'used'),
      refurbished: keywordsInTokens(text, tokens, 'refurbished'),
    };
    if (referenceKeywords.size >= MAX_REFERENCE_TEXTS) referenceKeywords.clear();
    referenceKeywords.set(text, keywords);
  }
  return keywords;
}

/**
 * The kinds of wrong product a text points to, ignoring keywords the reference texts (the query,
 * the product's own name) also contain: a search for "laptop sleeve" asks for a sleeve, and a
 * refurbished product's own offers are not wrong for being refurbished.
 */
export function wrongProductKinds(text: string, references: readonly string[]): WrongProductKind[] {
  const kinds: WrongProductKind[] = [];
  const found = allKeywordsIn(text);
  for (const kind of KINDS) {
    if (found[kind].length === 0) continue;
    const allowed = new Set(references.flatMap((reference) => allKeywordsIn(reference)[kind]));
    if (found[kind].some((keyword) => !allowed.has(keyword))) kinds.push(kind);
  }
  return kinds;
}

/** Words the catalogue builds product names from, per label language. */
import type { Language } from './locale.ts';

type Words = Record<Language, string>;

/** A product category: localized noun, price band in euro, brands and (source_01) category tree. */
export interface CategoryDefinition {
  key: string;
  noun: Words;
  department: DepartmentKey;
  /** Price band of base prices in euro cents. */
  priceCents: { min: number; max: number };
  brands: readonly string[];
  series: readonly string[];
  /** Numeric category id as a price-comparison site shows it. */
  categoryId: string;
  /** German category path (source_01 de/at). */
  germanPath: readonly string[];
  /** Pharmacy products carry a PZN on German storefronts. */
  pharmacy: boolean;
}

export type DepartmentKey = 'electronics' | 'computers' | 'home' | 'diy' | 'sports' | 'toys' | 'health';

const LANGUAGE_ORDER: readonly Language[] = [
  'en',
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'pl',
  'sv',
  'pt',
  'ja',
  'tr',
  'da',
  'nb',
];

/** One word per language from `'en | de | fr | it | es | nl | pl | sv | pt | ja | tr | da | nb'`. */
function w(list: string): Words {
  const words = list.split(' | ');
  if (words.length !== LANGUAGE_ORDER.length) throw new Error(`vocabulary entry needs 13 languages: ${list}`);
  return Object.fromEntries(LANGUAGE_ORDER.map((language, i) => [language, words[i]])) as Words;
}

export const CATEGORIES: readonly CategoryDefinition[] = [
  {
    key: 'headphones',
    noun: w(
      'Wireless Headphones | Kabellose Kopfhörer | Casque sans fil | Cuffie wireless | Auriculares inalámbricos | Draadloze koptelefoon | Słuchawki bezprzewodowe | Trådlösa hörlurar | Fones de ouvido sem fio | ワイヤレスヘッドホン | Kablosuz Kulaklık | Trådløse hovedtelefoner | Trådløse hodetelefoner',
    ),
    department: 'electronics',
    priceCents: { min: 2900, max: 39900 },
    brands: ['Sonora', 'Auralis', 'Klangwerk', 'Vextra'],
    series: ['Aria', 'Pulse', 'Studio', 'Nomad'],
    categoryId: '2520',
    germanPath: ['Audio & HiFi', 'Kopfhörer'],
    pharmacy: false,
  },
  {
    key: 'smartphone',
    noun: w(
      'Smartphone 128 GB | Smartphone 128 GB | Smartphone 128 Go | Smartphone 128 GB | Smartphone 128 GB | Smartphone 128 GB | Smartfon 128 GB | Smartphone 128 GB | Smartphone 128 GB | スマートフォン 128GB | Akıllı Telefon 128 GB | Smartphone 128 GB | Smarttelefon 128 GB',
    ),
    department: 'electronics',
    priceCents: { min: 14900, max: 109900 },
    brands: ['Nexor', 'Vextra', 'Orbix', 'Helio'],
    series: ['One', 'Edge', 'Lite', 'Max'],
    categoryId: '19116',
    germanPath: ['Handy & Telefon', 'Smartphones'],
    pharmacy: false,
  },
  {
    key: 'laptop',
    noun: w(
      'Laptop 15.6 inch | Notebook 15,6 Zoll | Ordinateur portable 15,6 pouces | Notebook 15,6 pollici | Portátil 15,6 pulgadas | Laptop 15,6 inch | Laptop 15,6 cala | Bärbar dator 15,6 tum | Notebook 15,6 polegadas | ノートパソコン 15.6インチ | Dizüstü Bilgisayar 15,6 inç | Bærbar computer 15,6 tommer | Bærbar PC 15,6 tommer',
    ),
    department: 'computers',
    priceCents: { min: 39900, max: 189900 },
    brands: ['Orbix', 'Compuna', 'Helio', 'Tessar'],
    series: ['Book', 'Pro', 'Air', 'Work'],
    categoryId: '3751',
    germanPath: ['Computer', 'Notebooks'],
    pharmacy: false,
  },
  {
    key: 'monitor',
    noun: w(
      'Monitor 27 inch | Monitor 27 Zoll | Écran 27 pouces | Monitor 27 pollici | Monitor 27 pulgadas | Monitor 27 inch | Monitor 27 cali | Bildskärm 27 tum | Monitor 27 polegadas | モニター 27インチ | Monitör 27 inç | Skærm 27 tommer | Skjerm 27 tommer',
    ),
    department: 'computers',
    priceCents: { min: 14900, max: 79900 },
    brands: ['Tessar', 'Compuna', 'Viewlux'],
    series: ['View', 'Crystal', 'Pro', 'Gaming'],
    categoryId: '3832',
    germanPath: ['Computer', 'Monitore'],
    pharmacy: false,
  },
  {
    key: 'coffee',
    noun: w(
      'Espresso Machine | Kaffeevollautomat | Machine à expresso | Macchina da caffè | Cafetera espresso | Espressomachine | Ekspres do kawy | Espressomaskin | Máquina de café expresso | エスプレッソマシン | Espresso Makinesi | Espressomaskine | Espressomaskin',
    ),
    department: 'home',
    priceCents: { min: 19900, max: 119900 },
    brands: ['Caffora', 'Nordhaus', 'Bellavita'],
    series: ['Barista', 'Crema', 'Lungo', 'Roma'],
    categoryId: '18733',
    germanPath: ['Haushalt', 'Kaffeevollautomaten'],
    pharmacy: false,
  },
  {
    key: 'vacuum',
    noun: w(
      'Cordless Vacuum Cleaner | Akku-Staubsauger | Aspirateur sans fil | Aspirapolvere senza fili | Aspiradora sin cable | Snoerloze stofzuiger | Odkurzacz bezprzewodowy | Sladdlös dammsugare | Aspirador sem fio | コードレス掃除機 | Kablosuz Süpürge | Ledningsfri støvsuger | Trådløs støvsuger',
    ),
    department: 'home',
    priceCents: { min: 9900, max: 69900 },
    brands: ['Nordhaus', 'Cyclo', 'Purivo'],
    series: ['Cyclone', 'Free', 'Power', 'Slim'],
    categoryId: '2082',
    germanPath: ['Haushalt', 'Staubsauger'],
    pharmacy: false,
  },
  {
    key: 'drill',
    noun: w(
      'Cordless Drill 18V | Akku-Bohrschrauber 18V | Perceuse-visseuse sans fil 18V | Trapano avvitatore 18V | Taladro atornillador 18V | Accuboormachine 18V | Wiertarko-wkrętarka 18V | Borrskruvdragare 18V | Furadeira parafusadeira 18V | 充電式ドリルドライバー 18V | Akülü Matkap 18V | Akku-boremaskine 18V | Batteridrill 18V',
    ),
    department: 'diy',
    priceCents: { min: 4900, max: 34900 },
    brands: ['Werkmann', 'Drillex', 'Ferrox'],
    series: ['Compact', 'Impact', 'Torque', 'Site'],
    categoryId: '7264',
    germanPath: ['Heimwerken', 'Akkuschrauber'],
    pharmacy: false,
  },
  {
    key: 'shoes',
    noun: w(
      'Running Shoes | Laufschuhe | Chaussures de running | Scarpe da corsa | Zapatillas de running | Hardloopschoenen | Buty do biegania | Löparskor | Tênis de corrida | ランニングシューズ | Koşu Ayakkabısı | Løbesko | Løpesko',
    ),
    department: 'sports',
    priceCents: { min: 4900, max: 21900 },
    brands: ['Stridex', 'Velora', 'Kinetic'],
    series: ['Glide', 'Tempo', 'Trail', 'Boost'],
    categoryId: '9741',
    germanPath: ['Sport', 'Laufschuhe'],
    pharmacy: false,
  },
  {
    key: 'toy',
    noun: w(
      'Building Set 500 pieces | Bauset 500 Teile | Jeu de construction 500 pièces | Set di costruzioni 500 pezzi | Set de construcción 500 piezas | Bouwset 500 stukjes | Zestaw klocków 500 elementów | Byggsats 500 delar | Kit de montar 500 peças | ブロックセット 500ピース | Yapı Seti 500 Parça | Byggesæt 500 dele | Byggesett 500 deler',
    ),
    department: 'toys',
    priceCents: { min: 1900, max: 14900 },
    brands: ['Brixo', 'Playtek', 'Kubo'],
    series: ['City', 'Space', 'Castle', 'Racer'],
    categoryId: '10432',
    germanPath: ['Spielzeug', 'Konstruktionsspielzeug'],
    pharmacy: false,
  },
  {
    key: 'health',
    noun: w(
      'Blood Pressure Monitor | Blutdruckmessgerät | Tensiomètre | Misuratore di pressione | Tensiómetro | Bloeddrukmeter | Ciśnieniomierz | Blodtrycksmätare | Medidor de pressão | 血圧計 | Tansiyon Aleti | Blodtryksmåler | Blodtrykksmåler',
    ),
    department: 'health',
    priceCents: { min: 2400, max: 11900 },
    brands: ['Medisana', 'Vitalis', 'Cardiotek'],
    series: ['Comfort', 'Check', 'Duo', 'Smart'],
    categoryId: '15520',
    germanPath: ['Drogerie & Gesundheit', 'Blutdruckmessgeräte'],
    pharmacy: true,
  },
];

/** Product colours, one per language. */
export const COLOURS: readonly Words[] = [
  w(
    'black | schwarz | noir | nero | negro | zwart | czarny | svart | preto | ブラック | siyah | sort | svart',
  ),
  w('white | weiß | blanc | bianco | blanco | wit | biały | vit | branco | ホワイト | beyaz | hvid | hvit'),
  w(
    'silver | silber | argent | argento | plata | zilver | srebrny | silver | prata | シルバー | gümüş | sølv | sølv',
  ),
  w('blue | blau | bleu | blu | azul | blauw | niebieski | blå | azul | ブルー | mavi | blå | blå'),
  w('red | rot | rouge | rosso | rojo | rood | czerwony | röd | vermelho | レッド | kırmızı | rød | rød'),
];

/** Department names as a general marketplace shows them (source_02 `category`). */
export const DEPARTMENTS: Record<DepartmentKey, Words> = {
  electronics: w(
    'Electronics | Elektronik & Foto | High-Tech | Elettronica | Electrónica | Elektronica | Elektronika | Elektronik | Eletrônicos | 家電＆カメラ | Elektronik | Elektronik | Elektronikk',
  ),
  computers: w(
    'Computers | Computer & Zubehör | Informatique | Informatica | Informática | Computers | Komputery | Datorer | Computadores | パソコン・周辺機器 | Bilgisayarlar | Computere | Datamaskiner',
  ),
  home: w(
    'Home & Kitchen | Küche, Haushalt & Wohnen | Cuisine & Maison | Casa e cucina | Hogar y cocina | Wonen en keuken | Dom i kuchnia | Hem och kök | Casa e cozinha | ホーム＆キッチン | Ev ve Mutfak | Hjem og køkken | Hjem og kjøkken',
  ),
  diy: w(
    'DIY & Tools | Baumarkt | Bricolage | Fai da te | Bricolaje y herramientas | Klussen en gereedschap | Narzędzia | Verktyg | Ferramentas | DIY・工具 | Yapı Market | Værktøj | Verktøy',
  ),
  sports: w(
    'Sports & Outdoors | Sport & Freizeit | Sports et Loisirs | Sport e tempo libero | Deportes y aire libre | Sport en outdoor | Sport i turystyka | Sport och fritid | Esportes e aventura | スポーツ＆アウトドア | Spor ve Outdoor | Sport og fritid | Sport og friluftsliv',
  ),
  toys: w(
    'Toys & Games | Spielzeug | Jeux et Jouets | Giochi e giocattoli | Juguetes y juegos | Speelgoed | Zabawki | Leksaker | Brinquedos e jogos | おもちゃ | Oyuncaklar | Legetøj | Leker',
  ),
  health: w(
    'Health & Personal Care | Drogerie & Körperpflege | Hygiène et Santé | Salute e cura della persona | Salud y cuidado personal | Drogisterij | Zdrowie | Hälsa och kroppsvård | Saúde e cuidados pessoais | ドラッグストア | Sağlık ve Bakım | Sundhed | Helse og personlig pleie',
  ),
};

/** Shop-name parts: a site combines one of each into a plausible shop name. */
export const SHOP_NAME_PARTS = {
  first: [
    'Technik',
    'Elektro',
    'Media',
    'Digital',
    'Smart',
    'Prime',
    'Nova',
    'Alpha',
    'City',
    'Haus',
    'Mega',
    'Top',
  ],
  second: [
    'welt',
    'shop',
    'markt',
    'direkt',
    '24',
    'store',
    'profi',
    'point',
    'depot',
    'zone',
    'hub',
    'king',
  ],
} as const;

/** Words a free-text search will never match: the sandbox's known "not found" terms are made of these. */
export const NONSENSE_WORDS: readonly string[] = [
  'zorblax',
  'quimbly',
  'frastor',
  'plenkit',
  'yurvane',
  'droskel',
];

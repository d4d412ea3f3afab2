import type { Both } from './catalog.js';
import type { Picture } from './pictures.js';

/** A reference in one locale: what we did for the building, on the road and by rail (any part may be empty). */
export interface ReferenceText {
  title: string;
  content: string;
  content_road: string;
  content_railway: string;
  meta_description: string;
  panel_text: string;
}

export interface DemoReference {
  key: string;
  /** Keys of categories of REFERENCE_CATEGORY_MODULE. */
  categories: string[];
  /** The value of the contract in euros. */
  amount: number;
  order: number;
  status?: boolean;
  picture?: Picture;
  galleries?: string[];
  /** Keys of references listed before this one. */
  similars?: string[];
  langs: Both<ReferenceText>;
}

/** Construction sites the demo company has supplied, in their order; the last awaits the customer's consent. */
export const DEMO_REFERENCES: DemoReference[] = [
  {
    key: 'd1-motorway',
    categories: ['infrastructure'],
    amount: 420_000,
    order: 1,
    picture: { hue: 45, motif: 'road' },
    galleries: ['fleet-2024'],
    langs: {
      sk: {
        title: 'Diaľnica D1 Lietavská Lúčka – Dubná Skala',
        content: '<p>Dovoz a rozmiestnenie 40 obytných a skladových kontajnerov zariadenia staveniska.</p>',
        content_road:
          '<p>48 000 ton kameniva z lomov v okolí Žiliny za tri mesiace, 18 súprav denne, jazdy mimo dopravných ' +
          'špičiek.</p>',
        content_railway: '<p>Prekládka oceľových nosníkov mostov z vagónov na návesy v Žiline-Tepličke.</p>',
        meta_description: 'Doprava kameniva, kontajnerov a mostných nosníkov pre stavbu diaľnice D1 pri Žiline.',
        panel_text: '<p><strong>48 000 t</strong> kameniva za 3 mesiace</p>',
      },
      en: {
        title: 'D1 motorway Lietavská Lúčka – Dubná Skala',
        content: '<p>Delivering and placing 40 site office and storage containers.</p>',
        content_road:
          '<p>48,000 tonnes of aggregate from quarries near Žilina in three months, 18 lorries a day, all runs ' +
          'outside rush hours.</p>',
        content_railway: '<p>Transshipping steel bridge girders from rail wagons to trailers in Žilina-Teplička.</p>',
        meta_description: 'Hauling aggregate, containers and bridge girders for the D1 motorway near Žilina.',
        panel_text: '<p><strong>48,000 t</strong> of aggregate in 3 months</p>',
      },
    },
  },
  {
    key: 'railway',
    categories: ['infrastructure'],
    amount: 385_000,
    order: 2,
    picture: { hue: 120, motif: 'hills' },
    similars: ['d1-motorway'],
    langs: {
      sk: {
        title: 'Modernizácia trate Púchov – Žilina',
        content: '<p>Materiál na prestavbu troch staničných budov a nástupíšť.</p>',
        content_road: '<p>35 000 betónových podvalov z depa v Považskej Bystrici na jednotlivé úseky stavby.</p>',
        content_railway:
          '<p>Koordinácia 120 vlakov so štrkom: objednávky vagónov, prekládka a evidencia množstiev pre ' +
          'stavebný dozor.</p>',
        meta_description: 'Logistika podvalov, štrku a materiálu pre modernizáciu železničnej trate Púchov – Žilina.',
        panel_text: '<p><strong>120 vlakov</strong> štrku bez jediného zdržania stavby</p>',
      },
      en: {
        title: 'Upgrading the Púchov – Žilina railway',
        content: '<p>Materials for rebuilding three station buildings and their platforms.</p>',
        content_road:
          '<p>35,000 concrete sleepers from the depot in Považská Bystrica to each section of the works.</p>',
        content_railway:
          '<p>Coordinating 120 ballast trains: ordering wagons, transshipment and quantity records for the site ' +
          'supervisor.</p>',
        meta_description: 'Logistics of sleepers, ballast and materials for upgrading the Púchov – Žilina railway.',
        panel_text: '<p><strong>120 trains</strong> of ballast without a single delay to the works</p>',
      },
    },
  },
  {
    key: 'production-hall',
    categories: ['buildings'],
    amount: 265_000,
    order: 3,
    picture: { hue: 210, motif: 'hall' },
    langs: {
      sk: {
        title: 'Výrobná hala dodávateľa autodielov v Žiline',
        content:
          '<p>Štrnásť nadrozmerných prepráv lisovacích liniek z Nemecka vrátane povolení, sprievodných vozidiel ' +
          'a žeriavu na mieste.</p>',
        content_road: '<p>Od spustenia výroby dovážame diely just-in-time šesťkrát denne.</p>',
        content_railway: '',
        meta_description: 'Nadrozmerné prepravy lisovacích liniek a dodávky just-in-time pre výrobnú halu v Žiline.',
        panel_text: '<p><strong>14</strong> nadrozmerných prepráv, žiadna škoda</p>',
      },
      en: {
        title: 'A production hall for a car parts supplier',
        content:
          '<p>Fourteen oversize transports of press lines from Germany, with permits, escort vehicles and a crane ' +
          'on site.</p>',
        content_road: '<p>Since production started we deliver parts just in time six times a day.</p>',
        content_railway: '',
        meta_description:
          'Oversize transport of press lines and just-in-time deliveries for a production hall in Žilina.',
        panel_text: '<p><strong>14</strong> oversize transports, no damage</p>',
      },
    },
  },
  {
    key: 'shopping-centre',
    categories: ['buildings'],
    amount: 152_000,
    order: 4,
    picture: { hue: 340, motif: 'containers' },
    similars: ['production-hall'],
    langs: {
      sk: {
        title: 'Obchodné centrum v Martine',
        content:
          '<p>Oceľová konštrukcia a fasádne panely v presnom poradí montáže, skladované v našom sklade a ' +
          'dovážané podľa harmonogramu žeriavov.</p>',
        content_road: '<p>Nočné dovozy do centra mesta, aby stavba neblokovala dopravu.</p>',
        content_railway: '',
        meta_description: 'Skladovanie a dovoz oceľovej konštrukcie a fasády pre obchodné centrum v Martine.',
        panel_text: '<p>Montáž <strong>bez čakania</strong> na materiál</p>',
      },
      en: {
        title: 'A shopping centre in Martin',
        content:
          '<p>Steel structure and facade panels in the exact order of assembly, kept in our warehouse and ' +
          'delivered to the crane schedule.</p>',
        content_road: '<p>Night deliveries to the town centre, so that the site never blocked the traffic.</p>',
        content_railway: '',
        meta_description: 'Storing and delivering the steel structure and facade for a shopping centre in Martin.',
        panel_text: '<p>Assembly <strong>never waited</strong> for materials</p>',
      },
    },
  },
  {
    key: 'distribution-centre',
    categories: ['buildings'],
    amount: 98_000,
    order: 5,
    picture: { hue: 60, motif: 'hall' },
    similars: ['production-hall', 'shopping-centre'],
    langs: {
      sk: {
        title: 'Distribučné centrum e-shopu v Senci',
        content: '<p>Dovoz a montáž regálov pre 8 000 paliet v spolupráci s dodávateľom regálových systémov.</p>',
        content_road:
          '<p>Sťahovanie celých zásob z pôvodného skladu počas dvoch víkendov: 62 kamiónov, e-shop ani na deň ' +
          'nezastavil predaj.</p>',
        content_railway: '',
        meta_description: 'Regály, sťahovanie zásob a otvorenie distribučného centra e-shopu v Senci za dva víkendy.',
        panel_text: '<p><strong>62 kamiónov</strong> za dva víkendy</p>',
      },
      en: {
        title: 'A distribution centre for an online shop in Senec',
        content: '<p>Delivering and installing racking for 8,000 pallets together with the racking supplier.</p>',
        content_road:
          '<p>Moving the whole stock from the old warehouse over two weekends: 62 lorries, and the shop never ' +
          'stopped selling for a day.</p>',
        content_railway: '',
        meta_description: 'Racking, moving the stock and opening an online shop’s distribution centre in two weekends.',
        panel_text: '<p><strong>62 lorries</strong> in two weekends</p>',
      },
    },
  },
  {
    key: 'bridge-repair',
    categories: ['infrastructure'],
    amount: 76_000,
    order: 6,
    status: false,
    picture: { hue: 10, motif: 'road' },
    similars: ['d1-motorway', 'railway'],
    langs: {
      sk: {
        title: 'Oprava mosta na ceste I/18 pri Strečne',
        content: '',
        content_road:
          '<p>Dovoz prefabrikátov a odvoz 3 200 ton vybúraného betónu počas polovičnej uzávierky cesty.</p>',
        content_railway: '',
        meta_description: 'Doprava prefabrikátov a odvoz sutiny pri oprave mosta na ceste I/18 pri Strečne.',
        panel_text: '<p><strong>3 200 t</strong> sutiny odvezenej v noci</p>',
      },
      en: {
        title: 'Bridge repair on the I/18 near Strečno',
        content: '',
        content_road:
          '<p>Delivering precast parts and taking away 3,200 tonnes of broken concrete while half the road ' +
          'stayed open.</p>',
        content_railway: '',
        meta_description: 'Precast parts in and rubble out during the repair of a bridge on the I/18 near Strečno.',
        panel_text: '<p><strong>3,200 t</strong> of rubble removed at night</p>',
      },
    },
  },
];

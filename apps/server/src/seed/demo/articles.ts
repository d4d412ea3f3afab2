import type { Both } from './catalog.js';
import type { Picture } from './pictures.js';

/** The text of a demo article in one locale; title_url is the slug of the title, meta_title the title, unless given. */
export interface ArticleText {
  title: string;
  title_url?: string;
  content: string;
  meta_title?: string;
  meta_description: string;
}

export interface DemoArticle {
  key: string;
  /** Keys of News categories (module 1); an article needs at least one. */
  categories: string[];
  /** publish_up this many days from the seed's run: negative in the past, positive a scheduled article. */
  publishInDays: number;
  status?: boolean;
  primary?: boolean;
  picture?: Picture;
  poster?: Picture;
  galleries?: string[];
  /** Keys of articles listed before this one. */
  similars?: string[];
  langs: Both<ArticleText>;
}

/** News of the demo company, oldest first (so the newest change tops the list); one hidden, one scheduled. */
export const DEMO_ARTICLES: DemoArticle[] = [
  {
    key: 'warehouse-open',
    categories: ['company'],
    publishInDays: -160,
    picture: { hue: 200, motif: 'hall' },
    poster: { hue: 20, motif: 'containers' },
    galleries: ['zilina-warehouse'],
    langs: {
      sk: {
        title: 'Sklad v Žiline je otvorený',
        content:
          '<p>Po jedenástich mesiacoch stavby sme otvorili novú skladovú halu v priemyselnom parku Žilina-Bytčica. ' +
          'Pribudlo v nej 8 000 paletových miest a osem nakladacích rámp.</p>' +
          '<h2>Čo to znamená pre zákazníkov</h2>' +
          '<ul><li>Tovar pre severné Slovensko doručíme do rána nasledujúceho dňa.</li>' +
          '<li>E-shopom ponúkame vychystávanie objednávok až do 22:00.</li></ul>' +
          '<p>Halu vykurujú tepelné čerpadlá a na streche vyrába elektrinu fotovoltika s výkonom 400 kWp.</p>',
        meta_description:
          'Nová hala Horizont Logistik v Žiline: 8 000 paletových miest, osem rámp a vychystávanie do 22:00.',
      },
      en: {
        title: 'Our warehouse in Žilina is open',
        content:
          '<p>After eleven months of building work we have opened our new warehouse in the Žilina-Bytčica ' +
          'industrial park. It adds 8,000 pallet spaces and eight loading docks.</p>' +
          '<h2>What it means for our customers</h2>' +
          '<ul><li>Goods for northern Slovakia are delivered by the next morning.</li>' +
          '<li>Online shops can have their orders picked until 10 p.m.</li></ul>' +
          '<p>The hall is heated by heat pumps, and solar panels on the roof supply 400 kWp.</p>',
        meta_description:
          'The new Horizont Logistik hall in Žilina: 8,000 pallet spaces, eight docks, picking until 10 p.m.',
      },
    },
  },
  {
    key: 'tapa',
    categories: ['awards'],
    publishInDays: -128,
    picture: { hue: 140, motif: 'hills' },
    langs: {
      sk: {
        title: 'Získali sme certifikát TAPA FSR',
        content:
          '<p>Oba naše sklady prešli auditom bezpečnosti podľa normy <strong>TAPA FSR</strong>. Certifikát ' +
          'potvrdzuje, že cenný tovar – elektroniku, lieky či kozmetiku – chránime kamerami, kontrolou vstupov ' +
          'a presnými postupmi pri prekládke.</p>' +
          '<p>Ďakujeme kolegom zo skladu, ktorí sa na audit pripravovali pol roka.</p>',
        meta_description: 'Sklady Horizont Logistik v Martine a v Žiline získali bezpečnostný certifikát TAPA FSR.',
      },
      en: {
        title: 'We are now TAPA FSR certified',
        content:
          '<p>Both our warehouses have passed a security audit under the <strong>TAPA FSR</strong> standard. ' +
          'The certificate confirms that we protect valuable goods – electronics, medicines and cosmetics – ' +
          'with cameras, access control and strict handling procedures.</p>' +
          '<p>Thank you to our warehouse team, who spent half a year preparing for the audit.</p>',
        meta_description:
          'The Horizont Logistik warehouses in Martin and Žilina have been awarded TAPA FSR certification.',
      },
    },
  },
  {
    key: 'fleet',
    categories: ['company'],
    publishInDays: -101,
    picture: { hue: 25, motif: 'truck' },
    galleries: ['fleet-2024'],
    similars: ['warehouse-open'],
    langs: {
      sk: {
        title: 'Dvanásť nových ťahačov Euro 6',
        content:
          '<p>Do vozového parku sme zaradili dvanásť nových ťahačov s motormi Euro 6. Nahradili vozidlá staršie ' +
          'ako osem rokov a spotrebujú v priemere o 11 % menej nafty.</p>' +
          '<p>Všetky majú asistenta núdzového brzdenia, kamery namiesto spätných zrkadiel a kabínu, v ktorej ' +
          'sa vodič počas povinného odpočinku naozaj vyspí.</p>',
        meta_description:
          'Horizont Logistik obnovuje vozový park: dvanásť ťahačov Euro 6 s nižšou spotrebou a asistentmi.',
      },
      en: {
        title: 'Twelve new Euro 6 tractor units',
        content:
          '<p>Twelve new tractor units with Euro 6 engines have joined our fleet. They replace vehicles older ' +
          'than eight years and use 11% less diesel on average.</p>' +
          '<p>All of them have emergency brake assist, cameras instead of mirrors and a cab where a driver can ' +
          'really sleep during the mandatory rest.</p>',
        meta_description: 'Horizont Logistik renews its fleet: twelve Euro 6 tractor units that use less fuel.',
      },
    },
  },
  {
    key: 'open-day',
    categories: ['company'],
    publishInDays: -74,
    picture: { hue: 300, motif: 'hills' },
    poster: { hue: 5, motif: 'truck' },
    galleries: ['open-day-2024'],
    similars: ['warehouse-open'],
    langs: {
      sk: {
        title: 'Deň otvorených dverí prilákal 600 návštevníkov',
        content:
          '<p>V sobotu sme otvorili brány skladu v Martine. Prišlo vyše 600 ľudí – rodiny s deťmi, študenti ' +
          'dopravnej akadémie aj bývalí kolegovia.</p>' +
          '<p>Najdlhší rad bol na sedenie v kabíne kamióna, najväčší smiech pri súťaži v stohovaní paliet. ' +
          'Fotografie nájdete v galérii.</p>',
        meta_description:
          'Vyše 600 návštevníkov si prezrelo sklad a vozidlá Horizont Logistik na dni otvorených dverí.',
      },
      en: {
        title: '600 visitors came to our open day',
        content:
          '<p>On Saturday we opened the gates of our Martin warehouse. More than 600 people came – families ' +
          'with children, students of the transport academy and former colleagues.</p>' +
          '<p>The longest queue was for a seat in a truck cab, the loudest laughter at the pallet stacking ' +
          'contest. See the photos in the gallery.</p>',
        meta_description: 'More than 600 visitors toured the Horizont Logistik warehouse and vehicles on our open day.',
      },
    },
  },
  {
    key: 'tolls',
    categories: ['legislation'],
    publishInDays: -47,
    langs: {
      sk: {
        title: 'Mýto od januára: čo sa mení pre dopravcov',
        content:
          '<p>Od 1. januára sa sadzby elektronického mýta na Slovensku menia podľa emisnej triedy a počtu ' +
          'náprav. Pre súpravy Euro 6 vzrastú najmenej, staršie vozidlá zaplatia citeľne viac.</p>' +
          '<h2>Čo odporúčame</h2>' +
          '<ul><li>Skontrolujte emisnú triedu vozidiel v mýtnom systéme.</li>' +
          '<li>Počítajte s úpravou cien prepráv od februára.</li></ul>',
        meta_description:
          'Nové sadzby mýta na Slovensku od januára: koho sa zmena dotkne a čo môžu dopravcovia urobiť.',
      },
      en: {
        title: 'Road tolls from January: what changes for hauliers',
        meta_title: 'Road tolls from January: what changes',
        content:
          '<p>From 1 January the electronic toll rates in Slovakia depend on the emission class and the number ' +
          'of axles. Rates for Euro 6 lorries rise the least; older vehicles will pay noticeably more.</p>' +
          '<h2>What we recommend</h2>' +
          '<ul><li>Check the emission class of your vehicles in the toll system.</li>' +
          '<li>Expect transport prices to be adjusted from February.</li></ul>',
        meta_description: 'New Slovak road toll rates from January: who is affected and what hauliers can do about it.',
      },
    },
  },
  {
    key: 'motorway',
    categories: ['industry', 'infrastructure'],
    publishInDays: -19,
    picture: { hue: 45, motif: 'road' },
    similars: ['fleet'],
    langs: {
      sk: {
        title: 'Vozíme kamenivo pre diaľnicu D1',
        content:
          '<p>Pre stavbu úseku diaľnice D1 pri Žiline denne jazdí 18 našich súprav. Za tri mesiace sme privážali ' +
          'viac ako 48 000 ton kameniva z lomov v Lietavskej Lúčke a v Tepličke.</p>' +
          '<p>Jazdy plánujeme tak, aby sa kamióny vyhli obciam v ranných a popoludňajších špičkách.</p>',
        meta_description: 'Horizont Logistik vozí kamenivo pre stavbu diaľnice D1 pri Žiline: 18 súprav, 48 000 ton.',
      },
      en: {
        title: 'We haul aggregate for the D1 motorway',
        content:
          '<p>Eighteen of our lorries run every day for the D1 motorway section near Žilina. In three months we ' +
          'have delivered more than 48,000 tonnes of aggregate from the quarries in Lietavská Lúčka and Teplička.</p>' +
          '<p>We plan the runs so that the lorries avoid villages in the morning and afternoon rush hours.</p>',
        meta_description:
          'Horizont Logistik hauls aggregate for the D1 motorway near Žilina: 18 lorries, 48,000 tonnes.',
      },
    },
  },
  {
    key: 'electric-van',
    categories: ['industry', 'company'],
    publishInDays: -6,
    primary: true,
    picture: { hue: 190, motif: 'truck' },
    poster: { hue: 95, motif: 'road' },
    galleries: ['fleet-2024'],
    similars: ['fleet', 'tolls'],
    langs: {
      sk: {
        title: 'Elektrická dodávka jazdí po Martine',
        content:
          '<p>Balíky pre zákazníkov v centre Martina rozváža od pondelka elektrická dodávka. Na jedno nabitie ' +
          'prejde 220 km, čo na denný okruh stačí s rezervou.</p>' +
          '<p>Nabíja sa cez noc zo solárnej elektrárne na streche skladu. Ak sa osvedčí, do konca roka pribudnú ' +
          'ďalšie dve.</p>',
        meta_description:
          'Horizont Logistik rozváža zásielky v centre Martina elektrickou dodávkou nabíjanou zo slnka.',
      },
      en: {
        title: 'Our electric van is on the road in Martin',
        content:
          '<p>Since Monday, parcels for customers in the centre of Martin have been delivered by an electric van. ' +
          'It covers 220 km on one charge, more than enough for a day’s round.</p>' +
          '<p>It charges overnight from the solar plant on the warehouse roof. If it proves itself, two more will ' +
          'follow by the end of the year.</p>',
        meta_description:
          'Horizont Logistik delivers parcels in central Martin with an electric van charged by the sun.',
      },
    },
  },
  {
    key: 'results',
    categories: ['company'],
    publishInDays: -2,
    status: false,
    langs: {
      sk: {
        title: 'Výsledky za rok 2024',
        content:
          '<p><em>Koncept – čaká na schválenie vedením.</em></p>' +
          '<p>Tržby vzrástli o 9 % na 21,4 mil. eur. Prepravili sme 310 000 ton tovaru a vychystali ' +
          '1,2 milióna objednávok.</p>',
        meta_description: 'Hospodárske výsledky Horizont Logistik za rok 2024: tržby, prepravené tony a objednávky.',
      },
      en: {
        title: 'Our results for 2024',
        content:
          '<p><em>Draft – awaiting the board’s approval.</em></p>' +
          '<p>Revenue grew by 9% to €21.4 million. We carried 310,000 tonnes of goods and picked 1.2 million ' +
          'orders.</p>',
        meta_description: 'Horizont Logistik results for 2024: revenue, tonnes carried and orders picked.',
      },
    },
  },
  {
    key: 'refrigerated',
    categories: ['company', 'industry'],
    publishInDays: 30,
    picture: { hue: 185, motif: 'containers' },
    similars: ['electric-van', 'fleet'],
    langs: {
      sk: {
        title: 'Spúšťame chladiarenskú prepravu',
        content:
          '<p>Od dnešného dňa prevážame aj potraviny a lieky pri riadenej teplote od −20 °C do +25 °C. ' +
          'Šesť nových chladiarenských návesov zaznamenáva teplotu každé dve minúty.</p>' +
          '<p>Záznam z každej jazdy dostanete spolu s dodacím listom.</p>',
        meta_description: 'Horizont Logistik spúšťa chladiarenskú prepravu potravín a liekov so záznamom teploty.',
      },
      en: {
        title: 'Refrigerated transport starts',
        content:
          '<p>From today we also carry food and medicines at a controlled temperature from −20 °C to +25 °C. ' +
          'Six new refrigerated trailers log the temperature every two minutes.</p>' +
          '<p>You receive the log of each run with the delivery note.</p>',
        meta_description:
          'Horizont Logistik starts refrigerated transport of food and medicines with temperature logs.',
      },
    },
  },
];

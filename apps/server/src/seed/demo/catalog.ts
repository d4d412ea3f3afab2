import type { Locale } from '@backoffice/shared';
import type { Picture } from './pictures.js';

/** One value per locale. */
export type Both<T> = Record<Locale, T>;

/** The page-like text of a demo page or category; title_url is the slug of the title unless given. */
export interface PageLikeText {
  title: string;
  title_url?: string;
  teaser?: string;
  content?: string;
  meta_title?: string;
  meta_description?: string;
  claim?: string;
}

export interface DemoCategory {
  /** How other demo records refer to this one. */
  key: string;
  module: 'blog' | 'gallery';
  parent?: string;
  picture?: Picture;
  langs: Both<PageLikeText>;
}

export interface DemoPanel {
  key: string;
  priority: number;
  status?: boolean;
  langs: Both<{ title: string; content: string }>;
}

export interface DemoGallery {
  key: string;
  /** Keys of gallery-module categories the gallery belongs to. */
  categories: string[];
  langs: Both<{ title: string; content: string; meta_description: string }>;
}

/**
 * Categories of the News module (articles, and references: REFERENCE_CATEGORY_MODULE) and of the Gallery module;
 * parents come before their children.
 */
export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    key: 'company',
    module: 'blog',
    picture: { hue: 205, motif: 'hills' },
    langs: {
      sk: {
        title: 'Zo života firmy',
        teaser: '<p>Čo je nové u nás: ľudia, vozidlá, sklady a jubileá.</p>',
        meta_description: 'Novinky zo spoločnosti Horizont Logistik – naši ľudia, nové vozidlá a sklady.',
      },
      en: {
        title: 'Company life',
        teaser: '<p>What is new with us: people, vehicles, warehouses and anniversaries.</p>',
        meta_description: 'News from Horizont Logistik – our people, new vehicles and warehouses.',
      },
    },
  },
  {
    key: 'awards',
    module: 'blog',
    parent: 'company',
    langs: {
      sk: { title: 'Ocenenia', teaser: '<p>Certifikáty a ceny, ktoré sme získali.</p>' },
      en: { title: 'Awards', teaser: '<p>Certificates and prizes we have received.</p>' },
    },
  },
  {
    key: 'industry',
    module: 'blog',
    langs: {
      sk: {
        title: 'Z odvetvia',
        teaser: '<p>Trendy v doprave a logistike, ktoré sa dotýkajú aj vás.</p>',
        meta_description: 'Trendy v cestnej doprave, skladovaní a logistike na Slovensku a v Európe.',
      },
      en: {
        title: 'Industry news',
        teaser: '<p>Trends in transport and logistics that affect you too.</p>',
        meta_description: 'Trends in road transport, warehousing and logistics in Slovakia and Europe.',
      },
    },
  },
  {
    key: 'legislation',
    module: 'blog',
    parent: 'industry',
    langs: {
      sk: { title: 'Legislatíva', teaser: '<p>Mýto, colné predpisy a pravidlá pre vodičov.</p>' },
      en: { title: 'Legislation', teaser: '<p>Tolls, customs regulations and rules for drivers.</p>' },
    },
  },
  {
    key: 'projects',
    module: 'blog',
    langs: {
      sk: {
        title: 'Stavebné projekty',
        teaser: '<p>Stavby, ktorým sme dovážali materiál, technológie aj nadrozmerné náklady.</p>',
        meta_description: 'Doprava a logistika pre pozemné, cestné a železničné stavby na Slovensku.',
      },
      en: {
        title: 'Construction projects',
        teaser: '<p>Building sites we supplied with materials, machinery and oversize loads.</p>',
        meta_description: 'Transport and logistics for building, road and railway construction in Slovakia.',
      },
    },
  },
  {
    key: 'infrastructure',
    module: 'blog',
    parent: 'projects',
    langs: {
      sk: { title: 'Cesty a železnice', teaser: '<p>Diaľnice, mosty a modernizácie tratí.</p>' },
      en: { title: 'Roads and railways', teaser: '<p>Motorways, bridges and railway upgrades.</p>' },
    },
  },
  {
    key: 'buildings',
    module: 'blog',
    parent: 'projects',
    langs: {
      sk: { title: 'Pozemné stavby', teaser: '<p>Haly, obchodné centrá a sklady.</p>' },
      en: { title: 'Buildings', teaser: '<p>Industrial halls, shopping centres and warehouses.</p>' },
    },
  },
  {
    key: 'fleet',
    module: 'gallery',
    picture: { hue: 25, motif: 'road' },
    langs: {
      sk: { title: 'Vozový park', teaser: '<p>Naše nákladné autá, dodávky a návesy.</p>' },
      en: { title: 'Our fleet', teaser: '<p>Our trucks, vans and trailers.</p>' },
    },
  },
  {
    key: 'warehouses',
    module: 'gallery',
    picture: { hue: 170, motif: 'containers' },
    langs: {
      sk: { title: 'Sklady', teaser: '<p>Skladové haly v Martine a v Žiline.</p>' },
      en: { title: 'Warehouses', teaser: '<p>Our warehouses in Martin and Žilina.</p>' },
    },
  },
  {
    key: 'events',
    module: 'gallery',
    langs: {
      sk: { title: 'Podujatia', teaser: '<p>Firemné akcie, veľtrhy a stretnutia so zákazníkmi.</p>' },
      en: { title: 'Events', teaser: '<p>Company events, trade fairs and customer meetings.</p>' },
    },
  },
  {
    key: 'open-day',
    module: 'gallery',
    parent: 'events',
    picture: { hue: 300, motif: 'hills' },
    langs: {
      sk: { title: 'Deň otvorených dverí', teaser: '<p>Raz do roka otvárame sklady a dielne verejnosti.</p>' },
      en: { title: 'Open day', teaser: '<p>Once a year we open our warehouses and workshops to the public.</p>' },
    },
  },
];

/** Side panels, ordered by priority; the last one is hidden. */
export const DEMO_PANELS: DemoPanel[] = [
  {
    key: 'quick-contact',
    priority: 1,
    langs: {
      sk: {
        title: 'Rýchly kontakt',
        content:
          '<p>Dispečing (nonstop): <a href="tel:+421434001200">+421 43 400 12 00</a><br>' +
          'E-mail: <a href="mailto:dispecing@horizont-logistik.example">dispecing@horizont-logistik.example</a></p>',
      },
      en: {
        title: 'Quick contact',
        content:
          '<p>Dispatch (24/7): <a href="tel:+421434001200">+421 43 400 12 00</a><br>' +
          'E-mail: <a href="mailto:dispatch@horizont-logistik.example">dispatch@horizont-logistik.example</a></p>',
      },
    },
  },
  {
    key: 'why-us',
    priority: 2,
    langs: {
      sk: {
        title: 'Prečo práve my',
        content:
          '<ul><li>30 rokov skúseností</li><li>Vlastné vozidlá a sklady</li>' +
          '<li>Sledovanie zásielok online</li><li>Jeden kontakt pre všetky služby</li></ul>',
      },
      en: {
        title: 'Why choose us',
        content:
          '<ul><li>30 years of experience</li><li>Our own vehicles and warehouses</li>' +
          '<li>Online shipment tracking</li><li>One contact person for every service</li></ul>',
      },
    },
  },
  {
    key: 'certificates',
    priority: 3,
    langs: {
      sk: {
        title: 'Certifikáty kvality',
        content: '<p>Sme držiteľmi certifikátov <strong>ISO 9001</strong>, <strong>ISO 14001</strong> a TAPA FSR.</p>',
      },
      en: {
        title: 'Quality certificates',
        content: '<p>We hold the <strong>ISO 9001</strong>, <strong>ISO 14001</strong> and TAPA FSR certificates.</p>',
      },
    },
  },
  {
    key: 'newsletter',
    priority: 4,
    langs: {
      sk: {
        title: 'Novinky e-mailom',
        content: '<p>Raz za mesiac vám pošleme prehľad zmien v doprave, mýte a colných predpisoch.</p>',
      },
      en: {
        title: 'News by e-mail',
        content: '<p>Once a month we send a summary of changes in transport, tolls and customs rules.</p>',
      },
    },
  },
  {
    key: 'jobs',
    priority: 5,
    status: false,
    langs: {
      sk: {
        title: 'Pridajte sa k nám',
        content: '<p>Hľadáme vodičov skupiny C+E a skladníkov. <a href="/sk/kariera">Voľné pozície</a></p>',
      },
      en: {
        title: 'Join us',
        content: '<p>We are hiring C+E drivers and warehouse staff. <a href="/en/careers">Open positions</a></p>',
      },
    },
  },
];

/** Gallery records; their photos are in photos.ts. */
export const DEMO_GALLERIES: DemoGallery[] = [
  {
    key: 'zilina-warehouse',
    categories: ['warehouses'],
    langs: {
      sk: {
        title: 'Nový sklad v Žiline',
        content: '<p>Stavba haly s 8 000 paletovými miestami od základov po otvorenie.</p>',
        meta_description: 'Fotografie z výstavby a otvorenia nového skladu Horizont Logistik v Žiline.',
      },
      en: {
        title: 'The new warehouse in Žilina',
        content: '<p>Building a hall with 8,000 pallet spaces, from the foundations to the opening.</p>',
        meta_description: 'Photos of the construction and opening of the new Horizont Logistik warehouse in Žilina.',
      },
    },
  },
  {
    key: 'fleet-2024',
    categories: ['fleet'],
    langs: {
      sk: {
        title: 'Vozový park 2024',
        content: '<p>Dvanásť nových ťahačov Euro 6 a elektrická dodávka pre mestskú rozvozovú službu.</p>',
        meta_description: 'Nové ťahače Euro 6 a elektrická dodávka vo vozovom parku Horizont Logistik.',
      },
      en: {
        title: 'Our fleet in 2024',
        content: '<p>Twelve new Euro 6 tractor units and an electric van for city deliveries.</p>',
        meta_description: 'New Euro 6 tractor units and an electric van in the Horizont Logistik fleet.',
      },
    },
  },
  {
    key: 'open-day-2024',
    categories: ['open-day'],
    langs: {
      sk: {
        title: 'Deň otvorených dverí 2024',
        content: '<p>Vyše 600 návštevníkov, jazdy v kabíne kamióna a prehliadky skladu pre celé rodiny.</p>',
        meta_description: 'Ako sme otvorili sklady a dielne verejnosti – fotografie zo dňa otvorených dverí.',
      },
      en: {
        title: 'Open day 2024',
        content: '<p>Over 600 visitors, rides in a truck cab and warehouse tours for the whole family.</p>',
        meta_description: 'How we opened our warehouses and workshops to the public – photos from the open day.',
      },
    },
  },
];

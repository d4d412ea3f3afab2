import type { Both, PageLikeText } from './catalog.js';
import type { Picture } from './pictures.js';

export interface DemoPage {
  key: string;
  /** The navigation group (by label) and the parent page in it; without a group the page is not in navigation. */
  group?: 'main' | 'footer';
  parent?: string;
  module?: 'blog' | 'gallery';
  status?: boolean;
  /** A publish_up this many days after the seed ran: a scheduled page. */
  publishInDays?: number;
  picture?: Picture;
  panels?: string[];
  galleries?: string[];
  langs: Both<PageLikeText>;
}

/** The pages of a small company website, in navigation order; parents come before their children. */
export const DEMO_PAGES: DemoPage[] = [
  {
    key: 'home',
    group: 'main',
    picture: { hue: 215, motif: 'road' },
    panels: ['quick-contact', 'why-us', 'certificates'],
    langs: {
      sk: {
        title: 'Úvod',
        teaser: '<p>Preprava, skladovanie a logistika pre firmy na Slovensku aj v zahraničí – spoľahlivo a načas.</p>',
        content:
          '<h2>Váš partner v doprave a logistike</h2>' +
          '<p>Horizont Logistik je rodinná firma z Martina. Už tri desaťročia pomáhame výrobcom, obchodníkom ' +
          'aj e-shopom dostať tovar tam, kde ho potrebujú – bezpečne, včas a za férovú cenu.</p>' +
          '<ul><li><strong>65 vlastných vozidiel</strong> od dodávok po súpravy 40 t</li>' +
          '<li><strong>12 000 paletových miest</strong> v dvoch skladoch</li>' +
          '<li><strong>Sledovanie zásielok</strong> online 24 hodín denne</li></ul>' +
          '<p>Pozrite si naše <a href="/sk/sluzby">služby</a> alebo nám rovno <a href="/sk/kontakt">napíšte</a>.</p>',
        meta_title: 'Horizont Logistik – preprava a skladovanie',
        meta_description:
          'Rodinná firma z Martina: cestná preprava, skladovanie a logistika pre firmy na Slovensku aj v EÚ od roku 1994.',
        claim: 'Spoľahlivo a načas.',
      },
      en: {
        title: 'Home',
        teaser:
          '<p>Transport, warehousing and logistics for businesses in Slovakia and abroad – reliably and on time.</p>',
        content:
          '<h2>Your partner in transport and logistics</h2>' +
          '<p>Horizont Logistik is a family business from Martin, Slovakia. For three decades we have helped ' +
          'manufacturers, retailers and online shops get their goods where they are needed – safely, on time and ' +
          'at a fair price.</p>' +
          '<ul><li><strong>65 vehicles of our own</strong>, from vans to 40-tonne trucks</li>' +
          '<li><strong>12,000 pallet spaces</strong> in two warehouses</li>' +
          '<li><strong>Shipment tracking</strong> online around the clock</li></ul>' +
          '<p>Have a look at our <a href="/en/services">services</a> or simply ' +
          '<a href="/en/contact">write to us</a>.</p>',
        meta_title: 'Horizont Logistik – transport and warehousing',
        meta_description:
          'A family business from Slovakia: road transport, warehousing and logistics across the EU since 1994.',
        claim: 'Reliably and on time.',
      },
    },
  },
  {
    key: 'about',
    group: 'main',
    picture: { hue: 95, motif: 'hills' },
    panels: ['certificates', 'jobs'],
    langs: {
      sk: {
        title: 'O nás',
        teaser: '<p>Od jedného nákladného auta v roku 1994 k 140 zamestnancom a dvom skladom.</p>',
        content:
          '<h2>Od jedného nákladiaka k medzinárodnej logistike</h2>' +
          '<p>Firmu založil v roku 1994 Ján Horváth s jediným nákladným autom. Dnes v nej pracuje 140 ľudí ' +
          'a vedie ju už druhá generácia rodiny.</p>' +
          '<h3>Na čom nám záleží</h3>' +
          '<ul><li>Dodržané slovo a termíny</li><li>Bezpečnosť ľudí aj nákladu</li>' +
          '<li>Ohľaduplnosť k prírode – 40 % našich vozidiel spĺňa normu Euro 6</li></ul>' +
          '<blockquote><p>Každá zásielka je pre nás rovnako dôležitá ako pre zákazníka.</p></blockquote>',
        meta_title: 'O nás – rodinná firma Horizont Logistik',
        meta_description: 'Príbeh rodinnej dopravnej firmy z Martina: 30 rokov, 140 ľudí, 65 vozidiel a dva sklady.',
      },
      en: {
        title: 'About us',
        teaser: '<p>From a single truck in 1994 to 140 employees and two warehouses.</p>',
        content:
          '<h2>From one truck to international logistics</h2>' +
          '<p>Ján Horváth founded the company in 1994 with a single truck. Today it employs 140 people and is ' +
          'run by the second generation of the family.</p>' +
          '<h3>What matters to us</h3>' +
          '<ul><li>Keeping our word and our deadlines</li><li>The safety of people and cargo</li>' +
          '<li>Care for the environment – 40% of our vehicles meet the Euro 6 standard</li></ul>' +
          '<blockquote><p>Every shipment matters to us as much as it does to the customer.</p></blockquote>',
        meta_title: 'About us – the Horizont Logistik family business',
        meta_description:
          'The story of a family transport company from Martin: 30 years, 140 people, 65 vehicles, two warehouses.',
      },
    },
  },
  {
    key: 'careers',
    group: 'main',
    parent: 'about',
    status: false,
    langs: {
      sk: {
        title: 'Kariéra',
        teaser: '<p>Hľadáme vodičov a skladníkov do Martina a Žiliny.</p>',
        content:
          '<h2>Voľné pozície</h2>' +
          '<ul><li><strong>Vodič skupiny C+E</strong> – medzinárodná doprava, turnusy 2/1</li>' +
          '<li><strong>Skladník s VZV</strong> – Žilina, dvojzmenná prevádzka</li></ul>' +
          '<p>Životopis pošlite na <a href="mailto:kariera@horizont-logistik.example">' +
          'kariera@horizont-logistik.example</a>.</p>',
        meta_title: 'Kariéra v Horizont Logistik',
        meta_description: 'Voľné pracovné miesta pre vodičov C+E a skladníkov v Martine a v Žiline.',
      },
      en: {
        title: 'Careers',
        teaser: '<p>We are hiring drivers and warehouse staff in Martin and Žilina.</p>',
        content:
          '<h2>Open positions</h2>' +
          '<ul><li><strong>C+E driver</strong> – international transport, two weeks on, one week off</li>' +
          '<li><strong>Forklift operator</strong> – Žilina, two shifts</li></ul>' +
          '<p>Send your CV to <a href="mailto:careers@horizont-logistik.example">' +
          'careers@horizont-logistik.example</a>.</p>',
        meta_title: 'Careers at Horizont Logistik',
        meta_description: 'Open positions for C+E drivers and warehouse staff in Martin and Žilina.',
      },
    },
  },
  {
    key: 'services',
    group: 'main',
    panels: ['why-us', 'quick-contact'],
    langs: {
      sk: {
        title: 'Služby',
        teaser: '<p>Od jednej palety po celé kamióny, od skladu po colné odbavenie.</p>',
        content:
          '<h2>Čo pre vás urobíme</h2>' +
          '<p>Postaráme sa o celú cestu tovaru alebo len o tú časť, ktorú potrebujete.</p>' +
          '<ul><li><a href="/sk/cestna-preprava">Cestná preprava</a> – vnútroštátna aj medzinárodná</li>' +
          '<li><a href="/sk/skladovanie">Skladovanie</a> – paletové aj regálové, s vychystávaním</li>' +
          '<li>Chladiarenská preprava – pripravujeme</li></ul>',
        meta_title: 'Služby – preprava, skladovanie, logistika',
        meta_description:
          'Cestná preprava po Slovensku a EÚ, skladovanie s vychystávaním objednávok a logistické poradenstvo.',
      },
      en: {
        title: 'Services',
        teaser: '<p>From a single pallet to full truckloads, from the warehouse to customs clearance.</p>',
        content:
          '<h2>What we can do for you</h2>' +
          '<p>We take care of your goods all the way, or only of the part you need.</p>' +
          '<ul><li><a href="/en/road-transport">Road transport</a> – domestic and international</li>' +
          '<li><a href="/en/warehousing">Warehousing</a> – pallets and shelving, with order picking</li>' +
          '<li>Refrigerated transport – from next month</li></ul>',
        meta_title: 'Services – transport, warehousing, logistics',
        meta_description:
          'Road transport across Slovakia and the EU, warehousing with order picking and logistics consulting.',
      },
    },
  },
  {
    key: 'road-transport',
    group: 'main',
    parent: 'services',
    picture: { hue: 45, motif: 'road' },
    panels: ['quick-contact'],
    langs: {
      sk: {
        title: 'Cestná preprava',
        teaser: '<p>Celovozové aj kusové zásielky po Slovensku a celej Európe.</p>',
        content:
          '<h2>Preprava po ceste</h2>' +
          '<p>Prevážame kompletné náklady aj jednotlivé palety. Na Slovensku doručujeme do 24 hodín, ' +
          'do krajín EÚ spravidla do 72 hodín.</p>' +
          '<table><thead><tr><th>Vozidlo</th><th>Nosnosť</th><th>Paletové miesta</th></tr></thead>' +
          '<tbody><tr><td>Dodávka</td><td>1,2 t</td><td>4</td></tr>' +
          '<tr><td>Solo 12 t</td><td>6 t</td><td>15</td></tr>' +
          '<tr><td>Súprava</td><td>24 t</td><td>33</td></tr></tbody></table>',
        meta_title: 'Cestná preprava po Slovensku a v EÚ',
        meta_description:
          'Celovozové aj kusové zásielky: doručenie na Slovensku do 24 hodín, v EÚ do 72 hodín, sledovanie online.',
      },
      en: {
        title: 'Road transport',
        teaser: '<p>Full and part loads across Slovakia and the whole of Europe.</p>',
        content:
          '<h2>Transport by road</h2>' +
          '<p>We carry full truckloads as well as single pallets. We deliver within 24 hours in Slovakia and ' +
          'usually within 72 hours across the EU.</p>' +
          '<table><thead><tr><th>Vehicle</th><th>Payload</th><th>Pallet spaces</th></tr></thead>' +
          '<tbody><tr><td>Van</td><td>1.2 t</td><td>4</td></tr>' +
          '<tr><td>12 t rigid truck</td><td>6 t</td><td>15</td></tr>' +
          '<tr><td>Articulated lorry</td><td>24 t</td><td>33</td></tr></tbody></table>',
        meta_title: 'Road transport in Slovakia and the EU',
        meta_description:
          'Full and part loads: delivery within 24 hours in Slovakia and 72 hours in the EU, with online tracking.',
      },
    },
  },
  {
    key: 'warehousing',
    group: 'main',
    parent: 'services',
    picture: { hue: 185, motif: 'containers' },
    galleries: ['zilina-warehouse'],
    langs: {
      sk: {
        title: 'Skladovanie',
        teaser: '<p>12 000 paletových miest v Martine a v Žiline, vychystávanie a balenie objednávok.</p>',
        content:
          '<h2>Sklady pripravené na váš tovar</h2>' +
          '<p>Naše haly sú strážené nonstop a vybavené skladovým systémom, v ktorom vidíte zásoby ' +
          'v reálnom čase.</p>' +
          '<ul><li>Paletové aj regálové skladovanie</li><li>Vychystávanie a balenie objednávok pre e-shopy</li>' +
          '<li>Cross-docking a prekládka</li></ul>',
        meta_title: 'Skladovanie a vychystávanie objednávok',
        meta_description:
          'Skladovanie v Martine a Žiline: 12 000 paletových miest, vychystávanie pre e-shopy a prehľad zásob online.',
      },
      en: {
        title: 'Warehousing',
        teaser: '<p>12,000 pallet spaces in Martin and Žilina, order picking and packing.</p>',
        content:
          '<h2>Warehouses ready for your goods</h2>' +
          '<p>Our halls are guarded around the clock and run on a warehouse system that shows your stock in ' +
          'real time.</p>' +
          '<ul><li>Pallet and shelf storage</li><li>Order picking and packing for online shops</li>' +
          '<li>Cross-docking and transshipment</li></ul>',
        meta_title: 'Warehousing and order picking',
        meta_description:
          'Warehousing in Martin and Žilina: 12,000 pallet spaces, order picking for online shops, stock online.',
      },
    },
  },
  {
    key: 'refrigerated',
    group: 'main',
    parent: 'services',
    publishInDays: 30,
    langs: {
      sk: {
        title: 'Chladiarenská preprava',
        teaser: '<p>Nová služba: preprava potravín a liekov pri teplote od −20 °C do +25 °C.</p>',
        content:
          '<h2>Pripravujeme chladiarenskú prepravu</h2>' +
          '<p>Od budúceho mesiaca rozširujeme vozový park o šesť chladiarenských návesov s nepretržitým ' +
          'záznamom teploty.</p>',
        meta_title: 'Chladiarenská preprava potravín a liekov',
        meta_description: 'Preprava potravín a liekov pri riadenej teplote od −20 °C do +25 °C so záznamom teploty.',
      },
      en: {
        title: 'Refrigerated transport',
        teaser: '<p>A new service: carrying food and medicines at −20 °C to +25 °C.</p>',
        content:
          '<h2>Refrigerated transport is coming</h2>' +
          '<p>Next month we add six refrigerated trailers with continuous temperature logging to our fleet.</p>',
        meta_title: 'Refrigerated transport of food and medicines',
        meta_description:
          'Carrying food and medicines at a controlled temperature from −20 °C to +25 °C, with temperature logs.',
      },
    },
  },
  {
    key: 'references',
    group: 'main',
    picture: { hue: 265, motif: 'hills' },
    panels: ['why-us'],
    galleries: ['fleet-2024'],
    langs: {
      sk: {
        title: 'Referencie',
        teaser: '<p>Spolupracujeme s výrobcami, obchodnými reťazcami aj e-shopmi.</p>',
        content:
          '<h2>Povedali o nás</h2>' +
          '<blockquote><p>Za osem rokov spolupráce nám neušla ani jedna dodávka do výroby.</p>' +
          '<p>— vedúci logistiky, výrobca autodielov, Žilina</p></blockquote>' +
          '<blockquote><p>Počas Vianoc vychystali viac ako 20 000 objednávok bez jedinej reklamácie.</p>' +
          '<p>— majiteľka e-shopu s hračkami, Bratislava</p></blockquote>',
        meta_title: 'Referencie zákazníkov',
        meta_description: 'Čo hovoria výrobcovia, obchodníci a e-shopy o spolupráci s Horizont Logistik.',
      },
      en: {
        title: 'References',
        teaser: '<p>We work with manufacturers, retail chains and online shops.</p>',
        content:
          '<h2>What our customers say</h2>' +
          '<blockquote><p>In eight years of working together, not one delivery to our production line was late.</p>' +
          '<p>— head of logistics, car parts manufacturer, Žilina</p></blockquote>' +
          '<blockquote><p>Over Christmas they picked more than 20,000 orders without a single complaint.</p>' +
          '<p>— owner of a toy online shop, Bratislava</p></blockquote>',
        meta_title: 'Customer references',
        meta_description: 'What manufacturers, retailers and online shops say about working with Horizont Logistik.',
      },
    },
  },
  {
    key: 'news',
    group: 'main',
    module: 'blog',
    panels: ['newsletter'],
    langs: {
      sk: {
        title: 'Novinky',
        teaser: '<p>Čo je nové vo firme a v doprave.</p>',
        meta_title: 'Novinky – Horizont Logistik',
        meta_description: 'Aktuality zo života firmy, nové služby a zmeny v predpisoch pre dopravu a logistiku.',
      },
      en: {
        title: 'News',
        // `news` itself is the site's news section (SITE_SECTIONS).
        title_url: 'company-news',
        teaser: '<p>What is new in the company and in transport.</p>',
        meta_title: 'News – Horizont Logistik',
        meta_description: 'Company news, new services and changes in the rules for transport and logistics.',
      },
    },
  },
  {
    key: 'gallery',
    group: 'main',
    module: 'gallery',
    galleries: ['zilina-warehouse', 'fleet-2024', 'open-day-2024'],
    langs: {
      sk: {
        title: 'Galéria',
        teaser: '<p>Fotografie našich vozidiel, skladov a podujatí.</p>',
        meta_title: 'Galéria – Horizont Logistik',
        meta_description: 'Fotografie vozového parku, skladov v Martine a Žiline a firemných podujatí.',
      },
      en: {
        title: 'Gallery',
        // `gallery` itself is the site's gallery section (SITE_SECTIONS).
        title_url: 'photo-gallery',
        teaser: '<p>Photos of our vehicles, warehouses and events.</p>',
        meta_title: 'Gallery – Horizont Logistik',
        meta_description: 'Photos of our fleet, our warehouses in Martin and Žilina and company events.',
      },
    },
  },
  {
    key: 'contact',
    group: 'footer',
    picture: { hue: 5, motif: 'containers' },
    panels: ['quick-contact'],
    langs: {
      sk: {
        title: 'Kontakt',
        teaser: '<p>Sme tu pre vás v pracovné dni od 7:00 do 17:00, dispečing nonstop.</p>',
        content:
          '<h2>Horizont Logistik s. r. o.</h2>' +
          '<p>Priemyselná 12<br>036 01 Martin</p>' +
          '<p>Telefón: <a href="tel:+421434001200">+421 43 400 12 00</a><br>' +
          'E-mail: <a href="mailto:info@horizont-logistik.example">info@horizont-logistik.example</a></p>' +
          '<p>IČO: 12 345 678, DIČ: 2020123456</p>',
        meta_title: 'Kontakt – Horizont Logistik',
        meta_description: 'Adresa, telefón a e-mail spoločnosti Horizont Logistik v Martine. Dispečing nonstop.',
      },
      en: {
        title: 'Contact',
        teaser: '<p>We are here for you on working days from 7:00 to 17:00; dispatch never sleeps.</p>',
        content:
          '<h2>Horizont Logistik s. r. o.</h2>' +
          '<p>Priemyselná 12<br>036 01 Martin, Slovakia</p>' +
          '<p>Phone: <a href="tel:+421434001200">+421 43 400 12 00</a><br>' +
          'E-mail: <a href="mailto:info@horizont-logistik.example">info@horizont-logistik.example</a></p>' +
          '<p>Company ID: 12 345 678, Tax ID: 2020123456</p>',
        meta_title: 'Contact – Horizont Logistik',
        meta_description: 'Address, phone and e-mail of Horizont Logistik in Martin, Slovakia. Dispatch 24/7.',
      },
    },
  },
  {
    key: 'privacy',
    group: 'footer',
    langs: {
      sk: {
        title: 'Ochrana osobných údajov',
        teaser: '<p>Ako spracúvame vaše osobné údaje a aké máte práva.</p>',
        content:
          '<h2>Prevádzkovateľ</h2>' +
          '<p>Prevádzkovateľom je Horizont Logistik s. r. o., Priemyselná 12, 036 01 Martin.</p>' +
          '<h2>Účel spracúvania</h2>' +
          '<p>Údaje z kontaktného formulára používame len na odpoveď na vašu otázku a uchovávame ich ' +
          'najviac jeden rok.</p>' +
          '<h2>Vaše práva</h2>' +
          '<p>Máte právo na prístup k údajom, ich opravu, vymazanie a obmedzenie spracúvania. Napíšte nám na ' +
          '<a href="mailto:gdpr@horizont-logistik.example">gdpr@horizont-logistik.example</a>.</p>',
        meta_title: 'Ochrana osobných údajov (GDPR)',
        meta_description: 'Informácie o spracúvaní osobných údajov v spoločnosti Horizont Logistik podľa GDPR.',
      },
      en: {
        title: 'Privacy policy',
        teaser: '<p>How we process your personal data and what your rights are.</p>',
        content:
          '<h2>Controller</h2>' +
          '<p>The controller is Horizont Logistik s. r. o., Priemyselná 12, 036 01 Martin, Slovakia.</p>' +
          '<h2>Purpose of processing</h2>' +
          '<p>We use the data from the contact form only to answer your question and keep it for one year at ' +
          'most.</p>' +
          '<h2>Your rights</h2>' +
          '<p>You have the right to access, correct and erase your data and to restrict its processing. Write ' +
          'to <a href="mailto:gdpr@horizont-logistik.example">gdpr@horizont-logistik.example</a>.</p>',
        meta_title: 'Privacy policy (GDPR)',
        meta_description: 'How Horizont Logistik processes personal data under the GDPR.',
      },
    },
  },
];

import type { Both } from './catalog.js';
import type { Logo } from './pictures.js';

export interface DemoPartner {
  key: string;
  order: number;
  logo: Logo;
  /** The publishing window in days from the seed's run (a contract that began and will end). */
  publishInDays?: { up: number; down: number };
  langs: Both<{ title: string; content: string; url: string }>;
}

/** Companies the demo company works with, in their order (their addresses are example.com). */
export const DEMO_PARTNERS: DemoPartner[] = [
  {
    key: 'truck-service',
    order: 1,
    logo: { hue: 4, mark: 'chevrons' },
    langs: {
      sk: {
        title: 'Fatra Truck Servis',
        content: '<p>Autorizovaný servis nákladných vozidiel v Martine, ktorý sa stará o naše ťahače.</p>',
        url: 'https://example.com/fatra-truck-servis',
      },
      en: {
        title: 'Fatra Truck Service',
        content: '<p>The authorised truck workshop in Martin that looks after our tractor units.</p>',
        url: 'https://example.com/en/fatra-truck-service',
      },
    },
  },
  {
    key: 'tyres',
    order: 2,
    logo: { hue: 220, mark: 'ring' },
    langs: {
      sk: {
        title: 'Považský pneuservis',
        content: '<p>Pneumatiky a ich výmena pre celý vozový park, aj v noci priamo v našom areáli.</p>',
        url: 'https://example.com/povazsky-pneuservis',
      },
      en: {
        title: 'Považie Tyres',
        content: '<p>Tyres for the whole fleet, fitted at night right in our yard.</p>',
        url: 'https://example.com/en/povazie-tyres',
      },
    },
  },
  {
    key: 'rail-cargo',
    order: 3,
    logo: { hue: 150, mark: 'bars' },
    langs: {
      sk: {
        title: 'RailCargo Stred',
        content: '<p>Železničný dopravca, s ktorým spájame vlak a kamión v kombinovanej doprave.</p>',
        url: 'https://example.com/railcargo-stred',
      },
      en: {
        title: 'RailCargo Central',
        content: '<p>The rail freight operator we combine trains and lorries with in intermodal transport.</p>',
        url: 'https://example.com/en/railcargo-central',
      },
    },
  },
  {
    key: 'racking',
    order: 4,
    logo: { hue: 35, mark: 'hexagon' },
    langs: {
      sk: {
        title: 'Regal Systémy',
        content: '<p>Dodávateľ regálov a ich pravidelných revízií v oboch našich skladoch.</p>',
        url: 'https://example.com/regal-systemy',
      },
      en: {
        title: 'Regal Systems',
        content: '<p>The supplier of the racking in both our warehouses, and of its regular inspections.</p>',
        url: 'https://example.com/en/regal-systems',
      },
    },
  },
  {
    key: 'insurance',
    order: 5,
    logo: { hue: 265, mark: 'diamond' },
    langs: {
      sk: {
        title: 'Kriváň Maklér',
        content: '<p>Poisťovací maklér, ktorý pre nás rieši poistenie zodpovednosti dopravcu a nákladu.</p>',
        url: 'https://example.com/krivan-makler',
      },
      en: {
        title: 'Kriváň Brokers',
        content: '<p>The insurance broker who arranges our carrier’s liability and cargo insurance.</p>',
        url: 'https://example.com/en/krivan-brokers',
      },
    },
  },
  {
    key: 'fuel',
    order: 6,
    logo: { hue: 95, mark: 'circle' },
    publishInDays: { up: -240, down: 120 },
    langs: {
      sk: {
        title: 'EkoPalivo',
        content: '<p>Palivové karty a HVO nafta pre naše vozidlá; zmluva platí do konca sezóny.</p>',
        url: 'https://example.com/ekopalivo',
      },
      en: {
        title: 'EcoFuel',
        content: '<p>Fuel cards and HVO diesel for our vehicles; the contract runs until the end of the season.</p>',
        url: 'https://example.com/en/ecofuel',
      },
    },
  },
];

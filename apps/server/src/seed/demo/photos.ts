import type { Both } from './catalog.js';
import type { Picture } from './pictures.js';

/** One photo of a demo gallery: what it shows, its caption per locale, and whether an editor hid it. */
export interface DemoPhoto {
  picture: Picture;
  title: Both<string>;
  hidden?: boolean;
}

/** The photos of each demo gallery (by gallery key), in their order; the first one is also the gallery's image. */
export const DEMO_PHOTOS: Record<string, DemoPhoto[]> = {
  'zilina-warehouse': [
    {
      picture: { hue: 200, motif: 'hall' },
      title: { sk: 'Hotová hala v Žiline', en: 'The finished hall in Žilina' },
    },
    {
      picture: { hue: 30, motif: 'hills' },
      title: { sk: 'Pozemok pred začiatkom stavby', en: 'The site before building work started' },
    },
    {
      picture: { hue: 45, motif: 'road' },
      title: { sk: 'Príjazdová cesta pre kamióny', en: 'The access road for lorries' },
    },
    {
      picture: { hue: 215, motif: 'hills' },
      title: { sk: 'Stavenisko v zime', en: 'The building site in winter' },
      hidden: true,
    },
    {
      picture: { hue: 170, motif: 'containers' },
      title: { sk: 'Prvé kontajnery na prekládke', en: 'The first containers at the cross-dock' },
    },
    {
      picture: { hue: 12, motif: 'hall' },
      title: { sk: 'Osem nakladacích rámp', en: 'Eight loading docks' },
    },
  ],
  'fleet-2024': [
    {
      picture: { hue: 25, motif: 'truck' },
      title: { sk: 'Nový ťahač Euro 6 na D1', en: 'A new Euro 6 tractor unit on the D1' },
    },
    {
      picture: { hue: 320, motif: 'truck' },
      title: { sk: 'Súprava s plachtovým návesom', en: 'An articulated lorry with a curtain-sided trailer' },
    },
    {
      picture: { hue: 95, motif: 'road' },
      title: { sk: 'Na ceste cez Strečno', en: 'On the road through Strečno' },
    },
    {
      picture: { hue: 190, motif: 'truck' },
      title: { sk: 'Elektrická dodávka pre mesto', en: 'The electric van for city deliveries' },
    },
    {
      picture: { hue: 260, motif: 'road' },
      title: { sk: 'Nočná jazda do Viedne', en: 'A night run to Vienna' },
      hidden: true,
    },
    {
      picture: { hue: 140, motif: 'truck' },
      title: { sk: 'Odovzdanie vozidiel v Martine', en: 'Handing over the vehicles in Martin' },
    },
    {
      picture: { hue: 55, motif: 'containers' },
      title: { sk: 'Nakládka v prístave Koper', en: 'Loading in the port of Koper' },
    },
  ],
  'open-day-2024': [
    {
      picture: { hue: 300, motif: 'hills' },
      title: { sk: 'Ráno pred otvorením brán', en: 'The morning before the gates opened' },
    },
    {
      picture: { hue: 5, motif: 'truck' },
      title: { sk: 'Deti v kabíne kamióna', en: 'Children in a truck cab' },
    },
    {
      picture: { hue: 160, motif: 'hall' },
      title: { sk: 'Prehliadka skladu', en: 'A tour of the warehouse' },
    },
    {
      picture: { hue: 80, motif: 'containers' },
      title: { sk: 'Súťaž v stohovaní paliet', en: 'The pallet stacking contest' },
    },
    {
      picture: { hue: 330, motif: 'hills' },
      title: { sk: 'Upratovanie po akcii', en: 'Tidying up afterwards' },
      hidden: true,
    },
  ],
};

import { count } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { createText, positionOptions } from '../../modules/texts/service.js';
import type { Db } from '../client.js';
import { texts } from '../schema.js';
import { seedDemoContent } from './demo/content.js';
import { seedDemoForms } from './demo/forms.js';
import { seedDemoTraffic } from './demo/traffic.js';
import { seedDemoUsers } from './demo/users.js';

const DEMO_TEXTS: { sk: [string, string]; en: [string, string]; positions: string[]; status?: boolean }[] = [
  {
    sk: ['Vitajte na našom webe', '<p>Sme rodinná firma s tradíciou od roku 1994.</p>'],
    en: ['Welcome to our website', '<p>We are a family company with a tradition since 1994.</p>'],
    positions: ['Homepage'],
  },
  {
    sk: ['Otváracie hodiny', '<p>Po – Pi: 8:00 – 16:30</p>'],
    en: ['Opening hours', '<p>Mon – Fri: 8:00 – 16:30</p>'],
    positions: ['Footer', 'Contact'],
  },
  {
    sk: ['Kontaktujte nás', '<p>Napíšte nám, ozveme sa do 24 hodín.</p>'],
    en: ['Contact us', '<p>Write to us and we will reply within 24 hours.</p>'],
    positions: ['Contact'],
  },
  {
    sk: ['Naše služby', '<ul><li>Preprava</li><li>Skladovanie</li><li>Logistika</li></ul>'],
    en: ['Our services', '<ul><li>Transport</li><li>Warehousing</li><li>Logistics</li></ul>'],
    positions: ['Homepage', 'Sidebar'],
  },
  {
    sk: ['Certifikáty kvality', '<p>Sme držiteľmi certifikátov ISO 9001 a ISO 14001.</p>'],
    en: ['Quality certificates', '<p>We hold the ISO 9001 and ISO 14001 certificates.</p>'],
    positions: ['Sidebar'],
  },
  {
    sk: ['Hlavička – slogan', '<p><strong>Spoľahlivo a načas.</strong></p>'],
    en: ['Header – slogan', '<p><strong>Reliably and on time.</strong></p>'],
    positions: ['Header'],
  },
  {
    sk: ['Ochrana osobných údajov', '<p>Vaše údaje spracúvame v súlade s GDPR.</p>'],
    en: ['Privacy policy', '<p>We process your data in line with the GDPR.</p>'],
    positions: ['Footer'],
  },
  {
    sk: ['Pripravujeme nový sklad', '<p>Nový sklad v Žiline otvoríme na jar.</p>'],
    en: ['A new warehouse is coming', '<p>We will open the new warehouse in Žilina in spring.</p>'],
    positions: ['Homepage'],
    status: false,
  },
];

/**
 * Demo content in both locales (texts, and the content area: categories, panels, galleries with their photos, pages
 * in navigation, news articles, references and partners, images under `config.mediaDir`) and users of each role;
 * running it again adds nothing.
 */
export async function seedDemo(db: Db, log: (line: string) => void, config: Config) {
  const [existing] = await db.select({ n: count() }).from(texts);
  if (!existing?.n) {
    const positions = await positionOptions(db);
    const idOf = (title: string) => positions.find((p) => p.title === title)?.id ?? 0;
    for (const text of DEMO_TEXTS) {
      await createText(db, {
        langs: { sk: { title: text.sk[0], content: text.sk[1] }, en: { title: text.en[0], content: text.en[1] } },
        positions: text.positions.map(idOf),
        status: text.status ?? true,
      });
    }
    log(`Demo: ${DEMO_TEXTS.length} texts.`);
  }
  await seedDemoContent(db, config, log);
  await seedDemoUsers(db, log);
  await seedDemoForms(db, log);
  await seedDemoTraffic(db, log);
}

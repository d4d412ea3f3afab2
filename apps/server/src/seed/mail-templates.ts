import { type Locale, MAIL_EVENTS, type MailEvent } from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { mailTemplateLangs, mailTemplates } from '../db/schema.js';

interface TemplateText {
  title: string;
  subject: string;
  content_plain: string;
  content: string;
}

const SIGNATURE: Record<Locale, string> = {
  sk: '<p>S pozdravom<br><a href="%site.url%">%site.name%</a></p>',
  en: '<p>Kind regards<br><a href="%site.url%">%site.name%</a></p>',
};

/**
 * The rows of a submission as a table of label → placeholder; each label is the one the admin's submission detail
 * shows for that field (`forms.fields` in the admin's i18n, checked by mail-templates.test.ts).
 */
const rows = (fields: [string, string][]) =>
  `<table>${fields.map(([label, p]) => `<tr><th>${label}</th><td>%form.${p}%</td></tr>`).join('')}</table>`;

const COMPANY: Record<Locale, [string, string][]> = {
  sk: [
    ['Názov firmy', 'name'],
    ['Adresa', 'address'],
    ['IČO', 'ico'],
    ['DIČ', 'dic'],
    ['IČ DPH', 'icdph'],
    ['Kontaktná osoba', 'contact'],
    ['Telefón', 'phone'],
    ['E-mail', 'email'],
  ],
  en: [
    ['Company name', 'name'],
    ['Address', 'address'],
    ['Company ID (IČO)', 'ico'],
    ['Tax ID (DIČ)', 'dic'],
    ['VAT ID (IČ DPH)', 'icdph'],
    ['Contact person', 'contact'],
    ['Phone', 'phone'],
    ['E-mail', 'email'],
  ],
};

/** One template per event in both locales (README.md); the staff edit them in the admin (route mail). */
export const MAIL_TEMPLATE_DEFAULTS: Record<MailEvent, Record<Locale, TemplateText>> = {
  contact: {
    sk: {
      title: 'Kontaktný formulár',
      subject: 'Nová správa z webu od %form.name%',
      content_plain:
        'Nová správa z kontaktného formulára.\nMeno: %form.name%\nE-mail: %form.email%\nTelefón: %form.phone%\n\n%form.message%',
      content: `<h2>Nová správa z kontaktného formulára</h2>${rows([
        ['Firma', 'company'],
        ['Meno', 'name'],
        ['E-mail', 'email'],
        ['Telefón', 'phone'],
        ['Dátum', 'created_at'],
      ])}<p><strong>Správa:</strong></p><blockquote><p>%form.message%</p></blockquote>${SIGNATURE.sk}`,
    },
    en: {
      title: 'Contact form',
      subject: 'New message from the website by %form.name%',
      content_plain:
        'A new message from the contact form.\nName: %form.name%\nE-mail: %form.email%\nPhone: %form.phone%\n\n%form.message%',
      content: `<h2>A new message from the contact form</h2>${rows([
        ['Company', 'company'],
        ['Name', 'name'],
        ['E-mail', 'email'],
        ['Phone', 'phone'],
        ['Date', 'created_at'],
      ])}<p><strong>Message:</strong></p><blockquote><p>%form.message%</p></blockquote>${SIGNATURE.en}`,
    },
  },
  price: {
    sk: {
      title: 'Cenová ponuka',
      subject: 'Žiadosť o cenovú ponuku: %form.name%',
      content_plain:
        'Nová žiadosť o cenovú ponuku od %form.name% (%form.email%, %form.phone%).\nMateriál: %form.material%\nHmotnosť: %form.weight%\nMiesto nakládky: %form.place%\nTermín: %form.deadline%',
      content: `<h2>Nová žiadosť o cenovú ponuku</h2>${rows([
        ...COMPANY.sk,
        ['Materiál', 'material'],
        ['Popis materiálu', 'material_desc'],
        ['Frakcia', 'faction'],
        ['Popis frakcie', 'faction_desc'],
        ['Hmotnosť', 'weight'],
        ['Miesto nakládky', 'place'],
        ['Termín', 'deadline'],
        ['Miesto dodania', 'delivery'],
        ['Poznámka', 'note'],
      ])}${SIGNATURE.sk}`,
    },
    en: {
      title: 'Price offer',
      subject: 'Price offer request: %form.name%',
      content_plain:
        'A new price offer request from %form.name% (%form.email%, %form.phone%).\nMaterial: %form.material%\nWeight: %form.weight%\nLoading place: %form.place%\nDeadline: %form.deadline%',
      content: `<h2>A new price offer request</h2>${rows([
        ...COMPANY.en,
        ['Material', 'material'],
        ['Material description', 'material_desc'],
        ['Fraction', 'faction'],
        ['Fraction description', 'faction_desc'],
        ['Weight', 'weight'],
        ['Loading place', 'place'],
        ['Deadline', 'deadline'],
        ['Delivery place', 'delivery'],
        ['Note', 'note'],
      ])}${SIGNATURE.en}`,
    },
  },
  registration: {
    sk: {
      title: 'Registrácia',
      subject: 'Nová registrácia: %form.name%',
      content_plain:
        'Nová registrácia od %form.name% (%form.email%, %form.phone%).\nVozidiel spolu: %form.cars_total%\n%form.cars%',
      content: `<h2>Nová registrácia</h2>${rows([
        ...COMPANY.sk,
        ['Fax', 'fax'],
        ['Vozidlá', 'cars'],
        ['Iné vozidlá', 'other_cars'],
        ['Vozidiel spolu', 'cars_total'],
      ])}${SIGNATURE.sk}`,
    },
    en: {
      title: 'Registration',
      subject: 'New registration: %form.name%',
      content_plain:
        'A new registration from %form.name% (%form.email%, %form.phone%).\nVehicles in total: %form.cars_total%\n%form.cars%',
      content: `<h2>A new registration</h2>${rows([
        ...COMPANY.en,
        ['Fax', 'fax'],
        ['Vehicles', 'cars'],
        ['Other vehicles', 'other_cars'],
        ['Vehicles in total', 'cars_total'],
      ])}${SIGNATURE.en}`,
    },
  },
  password_reset: {
    sk: {
      title: 'Obnovenie hesla',
      subject: 'Obnovenie hesla',
      content_plain:
        'Dobrý deň, %user.name%,\nna obnovenie hesla otvorte tento odkaz:\n%link.url%\n\nOdkaz platí %link.minutes% minút a dá sa použiť raz. Ak ste o to nežiadali, e-mail ignorujte.',
      content:
        '<p>Dobrý deň, %user.name%,</p><p>dostali sme žiadosť o obnovenie hesla k vášmu účtu.</p><p><a href="%link.url%">Obnoviť heslo</a></p><p>Odkaz platí %link.minutes% minút a dá sa použiť raz.<br>Ak ste o to nežiadali, tento e-mail ignorujte; vaše heslo zostáva nezmenené.</p>' +
        SIGNATURE.sk,
    },
    en: {
      title: 'Password reset',
      subject: 'Password reset',
      content_plain:
        'Hello %user.name%,\nopen this link to reset your password:\n%link.url%\n\nThe link is valid for %link.minutes% minutes and works once. If you did not ask for it, ignore this e-mail.',
      content:
        '<p>Hello %user.name%,</p><p>we have received a request to reset the password of your account.</p><p><a href="%link.url%">Reset the password</a></p><p>The link is valid for %link.minutes% minutes and works once.<br>If you did not ask for it, ignore this e-mail; your password stays as it is.</p>' +
        SIGNATURE.en,
    },
  },
  user_created: {
    sk: {
      title: 'Nový používateľský účet',
      subject: 'Váš účet na %site.name%',
      content_plain:
        'Dobrý deň, %user.name% %user.surname%,\nvytvorili sme vám účet s e-mailom %user.email%.\nPrihlásiť sa môžete tu: %link.url%',
      content:
        '<p>Dobrý deň, %user.name% %user.surname%,</p><p>vytvorili sme vám účet s prihlasovacím e-mailom <strong>%user.email%</strong>.</p><p><a href="%link.url%">Prihlásiť sa</a></p>' +
        SIGNATURE.sk,
    },
    en: {
      title: 'New user account',
      subject: 'Your account at %site.name%',
      content_plain:
        'Hello %user.name% %user.surname%,\nwe have created an account for you with the e-mail %user.email%.\nSign in here: %link.url%',
      content:
        '<p>Hello %user.name% %user.surname%,</p><p>we have created an account for you with the sign-in e-mail <strong>%user.email%</strong>.</p><p><a href="%link.url%">Sign in</a></p>' +
        SIGNATURE.en,
    },
  },
};

/** One template per event in both locales; idempotent (an event that has its template is left as it is). */
export async function seedMailTemplates(db: Db) {
  await db
    .insert(mailTemplates)
    .values(MAIL_EVENTS.map((event) => ({ event })))
    .onConflictDoNothing();
  const templates = await db.select({ id: mailTemplates.id, event: mailTemplates.event }).from(mailTemplates);
  const langs = templates.flatMap((row) => {
    const texts = MAIL_TEMPLATE_DEFAULTS[row.event as MailEvent];
    if (!texts) return [];
    return (['sk', 'en'] as const).map((language_code) => ({
      template_id: row.id,
      language_code,
      ...texts[language_code],
    }));
  });
  if (langs.length > 0) await db.insert(mailTemplateLangs).values(langs).onConflictDoNothing();
}

import { FORM_HONEYPOT, FORM_KINDS, type FormKind, type Locale } from '@backoffice/shared';
import { type FormWord, formError, formUrl, formWord } from './form-words.js';
import { html, raw, type SafeHtml } from './html.js';

/** What a form page shows: the values typed (kept after an error), the field errors, and whether it was sent. */
export interface FormState {
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  sent: boolean;
  /** A problem with the whole submission (too many from this address, too long). */
  notice?: 'tooMany' | 'tooLarge';
}

export const EMPTY_FORM: FormState = { values: {}, errors: {}, sent: false };

type Input = 'text' | 'email' | 'tel' | 'textarea' | 'number';
interface Field {
  name: string;
  input?: Input;
  required?: boolean;
  label?: FormWord;
  hint?: FormWord;
  autocomplete?: string;
}

const companyFields = (withFax: boolean): Field[] => [
  { name: 'name', label: 'name.company', required: true, autocomplete: 'organization' },
  { name: 'address', autocomplete: 'street-address' },
  { name: 'ico' },
  { name: 'dic' },
  { name: 'icdph' },
  { name: 'contact', autocomplete: 'name' },
  { name: 'phone', input: 'tel', autocomplete: 'tel' },
  ...(withFax ? [{ name: 'fax', input: 'tel' as const }] : []),
  { name: 'email', input: 'email', required: true, autocomplete: 'email' },
];

/** The fields of each form, in order (docs/spec-index.md S2.3). */
const FIELDS: Record<FormKind, { block?: FormWord; fields: Field[] }[]> = {
  contact: [
    {
      fields: [
        { name: 'company', autocomplete: 'organization' },
        { name: 'name', required: true, autocomplete: 'name' },
        { name: 'email', input: 'email', required: true, autocomplete: 'email' },
        { name: 'phone', input: 'tel', autocomplete: 'tel' },
        { name: 'message', input: 'textarea', required: true },
      ],
    },
  ],
  price: [
    { block: 'companyBlock', fields: companyFields(false) },
    {
      block: 'orderBlock',
      fields: [
        { name: 'material', required: true },
        { name: 'material_desc', input: 'textarea' },
        { name: 'faction' },
        { name: 'faction_desc', input: 'textarea' },
        { name: 'weight' },
        { name: 'place' },
        { name: 'deadline' },
        { name: 'delivery' },
        { name: 'note', input: 'textarea' },
      ],
    },
  ],
  registration: [{ block: 'companyBlock', fields: companyFields(true) }],
};

/** How many car rows the registration form offers (blank rows are ignored). */
const CAR_ROWS = 5;
const CAR_FIELDS = ['type', 'capacity', 'count', 'license'] as const;

const CSS = raw(
  [
    '.form-nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}',
    '.form-nav a[aria-current]{font-weight:700;color:inherit}',
    '.site-form fieldset{border:1px solid #d0d7de;border-radius:4px;margin:0 0 1.25rem;padding:.5rem 1rem 1rem}',
    '.site-form legend{font-weight:600;padding:0 .25rem}',
    '.field{margin:.75rem 0}.field label{display:block;font-weight:600;margin-bottom:.2rem}',
    '.field input,.field textarea,.cars input{width:100%;max-width:32rem;padding:.45rem .5rem;font:inherit;',
    'border:1px solid #8c959f;border-radius:4px}',
    '.field textarea{min-height:7rem;max-width:40rem}',
    '.field [aria-invalid=true],.cars [aria-invalid=true]{border-color:#cf222e;outline-color:#cf222e}',
    '.field-error{color:#cf222e;margin:.2rem 0 0;font-size:.9rem}',
    '.hint{color:#57606a;margin:.2rem 0 0;font-size:.9rem}',
    '.req{color:#cf222e}',
    '.cars{width:100%;max-width:48rem}.cars th{text-align:left;font-weight:600}.cars td{padding:.25rem}',
    '.cars input{max-width:none}',
    '.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
    '.notice{padding:.75rem 1rem;border-radius:4px;margin:1rem 0}',
    '.notice.ok{background:#dafbe1;border:1px solid #4ac26b}.notice.bad{background:#ffebe9;border:1px solid #ff8182}',
    '.site-form button{font:inherit;padding:.55rem 1.5rem;border:0;border-radius:4px;background:#0b5cad;color:#fff;',
    'cursor:pointer}',
  ].join(''),
);

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The links between the three forms, the shown one marked. */
function formNav(locale: Locale, current: FormKind): SafeHtml {
  return html`<nav class="form-nav" aria-label="${formWord(locale, 'forms')}"><ul>${FORM_KINDS.map(
    (kind) =>
      html`<li><a href="${formUrl(locale, kind)}"${kind === current && raw(' aria-current="page"')}>${formWord(locale, `title.${kind}`)}</a></li>`,
  )}</ul></nav>`;
}

/** The site footer's links to the three forms. */
export function formLinks(locale: Locale): SafeHtml {
  return html`<nav class="footer-forms" aria-label="${formWord(locale, 'forms')}"><ul>${FORM_KINDS.map(
    (kind) => html`<li><a href="${formUrl(locale, kind)}">${formWord(locale, `title.${kind}`)}</a></li>`,
  )}</ul></nav>`;
}

/** The errors of one field, tied to it by id. */
function errorsOf(locale: Locale, id: string, keys: string[] | undefined): SafeHtml {
  if (!keys?.length) return html``;
  return html`<p class="field-error" id="${id}-error">${[...new Set(keys)].map((k) => formError(locale, k)).join(' ')}</p>`;
}

function fieldHtml(locale: Locale, field: Field, state: FormState): SafeHtml {
  const id = `f-${field.name}`;
  const errors = state.errors[field.name];
  const value = text(state.values[field.name]);
  const label = formWord(locale, field.label ?? (field.name as FormWord));
  const described = [errors?.length ? `${id}-error` : '', field.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const attrs = html`id="${id}" name="${field.name}"${field.required && raw(' required')}${!!errors?.length && raw(' aria-invalid="true"')}${described && html` aria-describedby="${described}"`}${field.autocomplete && html` autocomplete="${field.autocomplete}"`}`;
  const control =
    field.input === 'textarea'
      ? html`<textarea ${attrs} rows="5">${value}</textarea>`
      : html`<input ${attrs} type="${field.input ?? 'text'}" value="${value}"${field.input === 'number' && raw(' min="0" inputmode="numeric"')}>`;
  return html`<div class="field"><label for="${id}">${label}${field.required && html` <span class="req" aria-hidden="true">*</span>`}</label>${control}${field.hint && html`<p class="hint" id="${id}-hint">${formWord(locale, field.hint)}</p>`}${errorsOf(locale, id, errors)}</div>`;
}

/** The registration's car rows: a table of type, capacity, count and licence plate, blank rows to spare. */
function carsHtml(locale: Locale, state: FormState): SafeHtml {
  const given = Array.isArray(state.values.cars) ? (state.values.cars as Record<string, unknown>[]) : [];
  const rows = Math.max(CAR_ROWS, given.length + 1);
  const errors = state.errors.cars;
  return html`<fieldset class="cars-block"><legend>${formWord(locale, 'cars')}</legend>
<p class="hint" id="f-cars-hint">${formWord(locale, 'carsHint')}</p>
<table class="cars"><thead><tr>${CAR_FIELDS.map((f) => html`<th scope="col">${formWord(locale, `car.${f}`)}</th>`)}</tr></thead><tbody>
${Array.from({ length: rows }, (_, i) => {
  const car = given[i] && typeof given[i] === 'object' ? given[i] : {};
  const rowLabel = formWord(locale, 'carRow', { n: i + 1 });
  return html`<tr>${CAR_FIELDS.map((f) => {
    const fieldErrors = state.errors[`cars.${i}.${f}`];
    const id = `f-cars-${i}-${f}`;
    return html`<td><input id="${id}" name="cars[${i}][${f}]" value="${text(car[f])}" aria-label="${rowLabel}: ${formWord(locale, `car.${f}`)}"${f === 'count' && raw(' inputmode="numeric"')}${!!fieldErrors?.length && html` aria-invalid="true" aria-describedby="${id}-error"`}>${errorsOf(locale, id, fieldErrors)}</td>`;
  })}</tr>`;
})}
</tbody></table>
${errorsOf(locale, 'f-cars', errors)}
${fieldHtml(locale, { name: 'other_cars', input: 'textarea' }, state)}
${fieldHtml(locale, { name: 'cars_total', input: 'number', hint: 'carsTotalHint' }, state)}
</fieldset>`;
}

/**
 * The body of a form page (`/{locale}/form/{kind}`): links to the three forms, then the thank-you note after a
 * submission, or the form posting to `/api/public/form/{kind}` with the values kept and each error beside its
 * field. The honeypot is off-screen, out of the tab order and hidden from assistive technology.
 */
export function formBody(locale: Locale, kind: FormKind, state: FormState): SafeHtml {
  const title = formWord(locale, `title.${kind}`);
  const hasErrors = Object.keys(state.errors).length > 0;
  const phoneOrContact = kind === 'price' && state.errors.phone && state.errors.contact;
  const notice = state.sent
    ? html`<p class="notice ok" role="status" data-testid="form-sent">${formWord(locale, `sent.${kind}`)}</p><p><a href="${formUrl(locale, kind)}">${formWord(locale, 'sentAgain')}</a></p>`
    : state.notice
      ? html`<p class="notice bad" role="alert">${formWord(locale, state.notice)}</p>`
      : hasErrors &&
        html`<p class="notice bad" role="alert">${formWord(locale, 'hasErrors')}${phoneOrContact && html` ${formWord(locale, 'phoneOrContact')}`}</p>`;
  const form =
    !state.sent &&
    html`<form class="site-form" method="post" action="/api/public/form/${kind}" accept-charset="utf-8">
<p class="hint">${formWord(locale, 'requiredNote')}</p>
<input type="hidden" name="locale" value="${locale}">
<div class="hp" aria-hidden="true"><label for="f-${FORM_HONEYPOT}">${formWord(locale, 'honeypot')}</label><input id="f-${FORM_HONEYPOT}" name="${FORM_HONEYPOT}" type="text" value="" tabindex="-1" autocomplete="off"></div>
${FIELDS[kind].map((group) => {
  const inner = group.fields.map((field) => fieldHtml(locale, field, state));
  return group.block ? html`<fieldset><legend>${formWord(locale, group.block)}</legend>${inner}</fieldset>` : inner;
})}
${kind === 'registration' && carsHtml(locale, state)}
<p><button type="submit">${formWord(locale, 'submit')}</button></p>
</form>`;
  return html`<style>${CSS}</style>
<article class="form-page">
${formNav(locale, kind)}
<h1>${title}</h1>
<p>${formWord(locale, `intro.${kind}`)}</p>
${notice}
${form}
</article>`;
}

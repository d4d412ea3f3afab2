import {
  contactSettingsSchema,
  emailSettingsSchema,
  LIMITS,
  mainSettingsSchema,
  SEARCH_INDEXING,
  SETTINGS,
  SETTINGS_IMAGES,
  SETTINGS_SECRETS,
  socialSettingsSchema,
} from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import {
  type SettingsDef,
  type SettingsFieldsProps,
  SettingsImageField,
  SettingsSelectField,
  SettingsTextField,
} from '../../kit/form/SettingsForm';
import { SettingsSecretField } from '../../kit/form/SettingsSecretField';

const half = { xs: 24, md: 12 } as const;

/** Main (docs/spec-index.md S2.2): the SEO defaults of the public site, its share image, favicon and copyright. */
function MainFields({ locale, rules, values }: SettingsFieldsProps) {
  const { t } = useTranslation();
  const field = { locale, rules };
  return (
    <>
      <SettingsTextField {...field} name="meta_title" labelKey="settings.fields.meta_title" required />
      <SettingsTextField
        {...field}
        name="meta_description"
        labelKey="settings.fields.meta_description"
        required
        textarea
        max={LIMITS.metaDescriptionMax}
      />
      <SettingsTextField {...field} name="og_title" labelKey="settings.fields.og_title" required />
      <SettingsTextField
        {...field}
        name="og_description"
        labelKey="settings.fields.og_description"
        required
        textarea
        max={LIMITS.metaDescriptionMax}
      />
      <Row gutter={24}>
        <Col {...half}>
          <SettingsImageField
            locale={locale}
            name="og_image"
            labelKey="settings.fields.og_image"
            settingsId={SETTINGS.main.id}
            values={values}
          />
        </Col>
        <Col {...half}>
          <SettingsImageField
            locale={locale}
            name="favicon"
            labelKey="settings.fields.favicon"
            settingsId={SETTINGS.main.id}
            values={values}
          />
        </Col>
      </Row>
      <SettingsTextField {...field} name="copyright" labelKey="settings.fields.copyright" />
      <SettingsSelectField
        {...field}
        name="search_indexing"
        labelKey="settings.fields.search_indexing"
        options={SEARCH_INDEXING.map((value) => ({ value, label: t(`settings.indexing.${value}`) }))}
      />
    </>
  );
}

/** The countries for the contact select (`GET /api/country` → `{data: [{id, name}]}`), cached for the session. */
function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: async ({ signal }) =>
      (await request<{ data: { id: number; name: string }[] }>('GET', '/api/country', { signal })).data.map((c) => ({
        value: c.id,
        label: c.name,
      })),
    staleTime: 10 * 60_000,
  });
}

type ContactKey = (typeof SETTINGS.contact.keys)[number];

/** Contact (docs/spec-index.md S2.2): the company and its address, shown in the public site's footer. */
function ContactFields({ locale, rules }: SettingsFieldsProps) {
  const countries = useCountries();
  const field = { locale, rules };
  const text = (name: ContactKey, required = false) => (
    <SettingsTextField {...field} name={name} labelKey={`settings.fields.${name}`} required={required} />
  );
  return (
    <>
      <Row gutter={24}>
        <Col {...half}>{text('contact_name', true)}</Col>
        <Col {...half}>{text('contact_address', true)}</Col>
        <Col {...half}>{text('contact_city', true)}</Col>
        <Col {...half}>{text('contact_zip', true)}</Col>
        <Col {...half}>
          <SettingsSelectField
            {...field}
            name="contact_country_id"
            labelKey="settings.fields.contact_country_id"
            options={countries.data ?? []}
            loading={countries.isFetching}
          />
        </Col>
        <Col xs={12} md={6}>
          {text('contact_lat')}
        </Col>
        <Col xs={12} md={6}>
          {text('contact_lng')}
        </Col>
        <Col {...half}>{text('contact_business_id')}</Col>
        <Col {...half}>{text('contact_tax_id')}</Col>
        <Col {...half}>{text('contact_vat')}</Col>
        <Col {...half}>{text('contact_bank')}</Col>
        <Col {...half}>{text('contact_iban')}</Col>
        <Col {...half}>{text('contact_swift')}</Col>
      </Row>
      <SettingsTextField {...field} name="contact_others" labelKey="settings.fields.contact_others" textarea />
    </>
  );
}

/**
 * E-mail (docs/spec-index.md S2.2): recipient and sender (the sender disabled) plus the mailing-service fields; the API key is
 * write-only (SECURITY.md).
 */
function EmailFields({ locale, rules, secrets, canChangeSecrets }: SettingsFieldsProps) {
  const field = { locale, rules };
  return (
    <Row gutter={24}>
      <Col {...half}>
        <SettingsTextField {...field} name="email_recipient" labelKey="settings.fields.email_recipient" required />
      </Col>
      <Col {...half}>
        <SettingsTextField {...field} name="email_sender_name" labelKey="settings.fields.email_sender_name" required />
      </Col>
      <Col {...half}>
        <SettingsTextField {...field} name="email_sender" labelKey="settings.fields.email_sender" required disabled />
      </Col>
      <Col {...half} />
      <Col {...half}>
        <SettingsSecretField
          {...field}
          name="mailchimp_api_key"
          labelKey="settings.fields.mailchimp_api_key"
          state={secrets?.mailchimp_api_key?.[locale]}
          editable={canChangeSecrets}
        />
      </Col>
      <Col {...half}>
        <SettingsTextField {...field} name="mailchimp_list_id" labelKey="settings.fields.mailchimp_list_id" />
      </Col>
    </Row>
  );
}

const SOCIAL = [
  'social_facebook_app_id',
  'social_facebook_link',
  'social_instagram_link',
  'social_twitter_link',
  'social_youtube_link',
  'social_linkedin_link',
] as const;

/** Social (docs/spec-index.md S2.2): one text field each. */
function SocialFields({ locale, rules }: SettingsFieldsProps) {
  return (
    <Row gutter={24}>
      {SOCIAL.map((name) => (
        <Col {...half} key={name}>
          <SettingsTextField locale={locale} rules={rules} name={name} labelKey={`settings.fields.${name}`} />
        </Col>
      ))}
    </Row>
  );
}

export const mainSettings: SettingsDef = {
  id: SETTINGS.main.id,
  titleKey: 'nav.settingsMain',
  schema: mainSettingsSchema,
  images: SETTINGS_IMAGES.main,
  Fields: MainFields,
};
export const contactSettings: SettingsDef = {
  id: SETTINGS.contact.id,
  titleKey: 'nav.settingsContact',
  schema: contactSettingsSchema,
  Fields: ContactFields,
};
export const emailSettings: SettingsDef = {
  id: SETTINGS.email.id,
  titleKey: 'nav.settingsEmail',
  schema: emailSettingsSchema,
  secrets: SETTINGS_SECRETS.email,
  Fields: EmailFields,
};
export const socialSettings: SettingsDef = {
  id: SETTINGS.social.id,
  titleKey: 'nav.settingsSocial',
  schema: socialSettingsSchema,
  Fields: SocialFields,
};

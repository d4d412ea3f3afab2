import { DELAYS, LIMITS, ROLES, SEX, type UserRecord, userCreateSchema } from '@backoffice/shared';
import { Checkbox, Col, Divider, Form, type FormRule, Input, Row, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLangOptions } from '../../api/options';
import { useUser } from '../../api/session';
import { USER_CHECKS, useCountryOptions } from '../../api/users';
import type { I18nKey } from '../../i18n';
import { getLanguage } from '../../i18n/language';
import { ImageFormField, OptionsSelectField } from '../../kit/form/fields';
import { formatDateTime } from '../../kit/format';
import { useFieldValue, useRemoteCheck, useRemoteCheckError } from '../../kit/remoteCheck';
import type { FieldsProps } from '../../kit/resource';
import { useSlugAutoFill } from '../../kit/titleUrl';
import { TwoFactorResetField } from './TwoFactorResetField';

/** The role options (GET /api/role), kept an hour: roles are reference data. */
export const useRoleOptions = () => useLangOptions('/api/role', 60 * 60 * 1000);

type Rules = (path: string) => FormRule[];

/** A one-line text field outside the tabs; the test id is `field-<name>`. */
function TextField({
  name,
  labelKey,
  rules,
  required,
  type,
  max = 255,
  extra,
}: {
  name: string;
  labelKey: I18nKey;
  rules: Rules;
  required?: boolean;
  type?: 'password' | 'email' | 'tel';
  max?: number;
  extra?: string;
}) {
  const { t } = useTranslation();
  const input =
    type === 'password' ? (
      <Input.Password data-testid={`field-${name}`} maxLength={1000} autoComplete="new-password" />
    ) : (
      <Input data-testid={`field-${name}`} maxLength={max} type={type} />
    );
  return (
    <Form.Item name={name} label={t(labelKey)} rules={rules(name)} required={required} extra={extra}>
      {input}
    </Form.Item>
  );
}

const half = { xs: 24, md: 12 } as const;
const third = { xs: 24, md: 8 } as const;

/** title_url: built from name and surname while creating, checked for uniqueness 700 ms after the last change. */
function NameUrlField({ rules, creating, id }: { rules: Rules; creating: boolean; id: number | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const name: unknown = Form.useWatch('name', form);
  const surname: unknown = Form.useWatch('surname', form);
  const source = typeof name === 'string' || typeof surname === 'string' ? `${name ?? ''} ${surname ?? ''}` : undefined;
  useSlugAutoFill(form, source, ['title_url'], creating);
  const watched = useFieldValue(form, 'title_url');
  const value = typeof watched === 'string' ? watched.trim() : '';
  const params = value.length > LIMITS.titleUrlCheckAfter ? { value, id: id ?? undefined } : null;
  const status = useRemoteCheck(USER_CHECKS.titleUrl, params, { delay: DELAYS.titleUrlCheck });
  useRemoteCheckError(form, 'title_url', 'errors.nameUrlUnique', status);
  return (
    <Form.Item
      name="title_url"
      label={t('users.fields.title_url')}
      rules={rules('title_url')}
      required
      validateStatus={status === 'checking' ? 'validating' : undefined}
      hasFeedback={status === 'checking'}
    >
      <Input data-testid="field-title_url" data-check={status} maxLength={255} />
    </Form.Item>
  );
}

/** The e-mail, checked for uniqueness 700 ms after the last change once it is a valid address. */
function EmailField({ rules, id }: { rules: Rules; id: number | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const watched = useFieldValue(form, 'email');
  const value = typeof watched === 'string' ? watched.trim() : '';
  const valid = userCreateSchema.shape.email.safeParse(value).success;
  const status = useRemoteCheck(USER_CHECKS.email, valid ? { value, id: id ?? undefined } : null, {
    delay: DELAYS.titleUrlCheck,
  });
  useRemoteCheckError(form, 'email', 'errors.emailUnique', status);
  return (
    <Form.Item
      name="email"
      label={t('users.fields.email')}
      rules={rules('email')}
      required
      validateStatus={status === 'checking' ? 'validating' : undefined}
      hasFeedback={status === 'checking'}
    >
      <Input data-testid="field-email" data-check={status} maxLength={255} type="email" autoComplete="off" />
    </Form.Item>
  );
}

/** A country select (GET /api/country); blank means none. */
function CountryField({ name, rules }: { name: string; rules: Rules }) {
  const countries = useCountryOptions();
  return <OptionsSelectField path={name} labelKey="users.fields.country_id" rules={rules} options={countries} />;
}

/** The address block shared by the contact, billing and shipping parts: `<prefix>address`, city, zip, country. */
function AddressFields({ prefix, rules }: { prefix: '' | 'billing_' | 'shipping_'; rules: Rules }) {
  return (
    <>
      <Col {...half}>
        <TextField name={`${prefix}address`} labelKey="users.fields.address" rules={rules} />
      </Col>
      <Col {...half}>
        <TextField name={`${prefix}city`} labelKey="users.fields.city" rules={rules} />
      </Col>
      <Col {...half}>
        <TextField name={`${prefix}zip`} labelKey="users.fields.zip" rules={rules} max={16} />
      </Col>
      <Col {...half}>
        <CountryField name={`${prefix}country_id`} rules={rules} />
      </Col>
    </>
  );
}

/**
 * The user form (docs/spec-index.md S2.3 User, S2.5): account (role, status, name, surname, title_url, e-mail, passwords, photo,
 * verified_at read-only), personal details, billing and shipping. Role and status are the administrator's
 * (SECURITY.md): others see them disabled.
 */
export function UserFields({ rules, creating, id, record }: FieldsProps<UserRecord>) {
  const { t } = useTranslation();
  const me = useUser();
  // Role and status are the administrator's, and not of their own account (the server refuses both otherwise).
  const mayChangeAccess = me?.role_id === ROLES.admin && id !== me.id;
  const roles = useRoleOptions();
  const language = getLanguage();
  return (
    <>
      <Divider titlePlacement="start">{t('users.sections.account')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <OptionsSelectField
            path="role_id"
            labelKey="users.fields.role_id"
            rules={rules}
            options={roles}
            required
            disabled={!mayChangeAccess}
          />
        </Col>
        <Col {...half}>
          <Form.Item
            name="status"
            valuePropName="checked"
            label={t('list.status')}
            extra={mayChangeAccess ? undefined : t('users.fields.roleHint')}
          >
            <Checkbox data-testid="field-status" disabled={!mayChangeAccess}>
              {t('users.fields.status')}
            </Checkbox>
          </Form.Item>
        </Col>
        <Col {...half}>
          <TextField name="name" labelKey="users.fields.name" rules={rules} required max={128} />
        </Col>
        <Col {...half}>
          <TextField name="surname" labelKey="users.fields.surname" rules={rules} required max={128} />
        </Col>
        <Col {...half}>
          <NameUrlField rules={rules} creating={creating} id={id} />
        </Col>
        <Col {...half}>
          <EmailField rules={rules} id={id} />
        </Col>
        <Col {...half}>
          <TextField
            name="password"
            type="password"
            labelKey={creating ? 'users.fields.password' : 'users.fields.newPassword'}
            rules={rules}
            required={creating}
            extra={creating ? undefined : t('users.fields.passwordHint')}
          />
        </Col>
        <Col {...half}>
          <TextField
            name="password_2"
            type="password"
            labelKey="users.fields.password_2"
            rules={rules}
            required={creating}
          />
        </Col>
        <Col {...half}>
          <ImageFormField labelKey="users.fields.image" model="user" record={record} />
        </Col>
        {!creating && (
          <Col {...half}>
            <Form.Item label={t('users.fields.verified_at')}>
              <span data-testid="field-verified_at">
                {record?.verified_at ? (
                  <Tag color="green">{formatDateTime(record.verified_at, language)}</Tag>
                ) : (
                  <Tag>{t('users.notVerified')}</Tag>
                )}
              </span>
            </Form.Item>
          </Col>
        )}
        {!creating && record && (
          <Col {...half}>
            <TwoFactorResetField userId={record.id} on={record.two_factor} mayReset={mayChangeAccess} />
          </Col>
        )}
      </Row>

      <Divider titlePlacement="start">{t('users.sections.contact')}</Divider>
      <Row gutter={16}>
        <Col {...third}>
          <Form.Item name="sex" label={t('users.fields.sex')} rules={rules('sex')}>
            <Select
              data-testid="field-sex"
              allowClear
              options={[
                { value: SEX.male, label: t('users.sex.male') },
                { value: SEX.female, label: t('users.sex.female') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <TextField name="phone" labelKey="users.fields.phone" rules={rules} type="tel" max={64} />
        </Col>
        <Col {...third}>
          <TextField name="cellphone" labelKey="users.fields.cellphone" rules={rules} type="tel" max={64} />
        </Col>
        <AddressFields prefix="" rules={rules} />
      </Row>

      <Divider titlePlacement="start">{t('users.sections.billing')}</Divider>
      <Row gutter={16} data-testid="user-billing">
        <Col {...half}>
          <TextField name="billing_name" labelKey="users.fields.billingName" rules={rules} />
        </Col>
        <Col {...half}>
          <TextField name="billing_business_id" labelKey="users.fields.business_id" rules={rules} max={32} />
        </Col>
        <Col {...half}>
          <TextField name="billing_tax_id" labelKey="users.fields.tax_id" rules={rules} max={32} />
        </Col>
        <Col {...half}>
          <TextField name="billing_vat" labelKey="users.fields.vat" rules={rules} max={32} />
        </Col>
        <AddressFields prefix="billing_" rules={rules} />
      </Row>

      <Divider titlePlacement="start">{t('users.sections.shipping')}</Divider>
      <Row gutter={16} data-testid="user-shipping">
        <Col xs={24}>
          <TextField name="shipping_name" labelKey="users.fields.billingName" rules={rules} />
        </Col>
        <AddressFields prefix="shipping_" rules={rules} />
      </Row>
    </>
  );
}

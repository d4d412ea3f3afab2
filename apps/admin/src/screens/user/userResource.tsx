import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import {
  USER_ADDRESS_FIELDS,
  USER_DEFAULT_SORT,
  type UserInput,
  type UserRecord,
  type UserRow,
  userCreateSchema,
  userUpdateSchema,
} from '@backoffice/shared';
import { Tag, Tooltip } from 'antd';
import { userApi } from '../../api/users';
import { formatDateTime } from '../../kit/format';
import type { ImageValue } from '../../kit/image';
import type { BulkMenuAction } from '../../kit/list/BulkMenu';
import { optionsFilter } from '../../kit/list/OptionsFilter';
import type { FilterDef, ResourceDef } from '../../kit/resource';
import { UserFields, useRoleOptions } from './UserFields';

type AddressValues = Record<(typeof USER_ADDRESS_FIELDS)[number], string | number | null>;

interface UserValues extends AddressValues {
  role_id: number | undefined;
  status: boolean;
  name: string;
  surname: string;
  title_url: string;
  email: string;
  password: string;
  password_2: string;
  image: ImageValue;
}

const emptyAddress = (): AddressValues =>
  Object.fromEntries(
    USER_ADDRESS_FIELDS.map((field) => [field, field === 'sex' || field.endsWith('country_id') ? null : '']),
  ) as AddressValues;

/** The bulk menu of the user list (docs/api.md Writes): activate, block and remove, all the administrator's. */
const USER_BULK: readonly BulkMenuAction[] = [
  { key: 'activate', labelKey: 'users.bulk.activate', confirmKey: 'users.bulkConfirm.activate', restricted: true },
  { key: 'block', labelKey: 'users.bulk.block', confirmKey: 'users.bulkConfirm.block', restricted: true },
  { key: 'destroy', labelKey: 'users.bulk.destroy', confirmKey: 'users.bulkConfirm.destroy', destroy: true },
];

const statusFilter: FilterDef = {
  key: 'status',
  labelKey: 'list.status',
  options: [
    { value: '1', labelKey: 'users.status.active' },
    { value: '0', labelKey: 'users.status.blocked' },
  ],
};

const roleFilter: FilterDef = {
  key: 'role_id',
  labelKey: 'users.columns.role',
  Input: optionsFilter('filter-role_id', useRoleOptions),
};

/** Users (docs/spec-index.md S2.2 Users) as a resource of the list/form kit. */
export const userResource: ResourceDef<UserRow, UserRecord, UserValues, UserInput> = {
  api: userApi,
  routeName: 'user',
  labels: { title: 'users.title', create: 'users.create', edit: 'users.edit' },
  defaultSort: USER_DEFAULT_SORT,
  columns: ({ t, language }) => [
    {
      key: 'fullname',
      dataIndex: 'fullname',
      title: t('users.columns.fullname'),
      sorter: true,
      render: (_: unknown, row: UserRow) => <span data-testid="cell-fullname">{row.fullname}</span>,
    },
    {
      key: 'role',
      dataIndex: 'role_title',
      title: t('users.columns.role'),
      sorter: true,
      render: (_: unknown, row: UserRow) => <span data-testid="cell-role">{row.role_title}</span>,
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('users.columns.email'),
      sorter: true,
      render: (_: unknown, row: UserRow) => <span data-testid="cell-email">{row.email}</span>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('list.status'),
      sorter: true,
      render: (_: unknown, row: UserRow) => (
        <Tag color={row.status ? 'green' : 'red'} data-testid="cell-status" data-status={row.status ? '1' : '0'}>
          {row.status ? t('users.status.active') : t('users.status.blocked')}
        </Tag>
      ),
    },
    {
      key: 'verified',
      dataIndex: 'verified_at',
      title: t('users.columns.verified'),
      align: 'center',
      render: (_: unknown, row: UserRow) =>
        row.verified_at ? (
          <Tooltip title={`${t('users.verified')} ${formatDateTime(row.verified_at, language)}`}>
            <CheckCircleFilled
              data-testid="cell-verified"
              data-verified="1"
              aria-label={t('users.verified')}
              style={{ color: '#52c41a' }}
            />
          </Tooltip>
        ) : (
          <Tooltip title={t('users.notVerified')}>
            <MinusCircleOutlined
              data-testid="cell-verified"
              data-verified="0"
              aria-label={t('users.notVerified')}
              style={{ color: '#bfbfbf' }}
            />
          </Tooltip>
        ),
    },
    {
      key: 'online_at',
      dataIndex: 'online_at',
      title: t('users.columns.onlineAt'),
      sorter: true,
      render: (_: unknown, row: UserRow) => (
        <span className="bo-nowrap" data-testid="cell-online_at">
          {row.online_at ? formatDateTime(row.online_at, language) : t('users.never')}
        </span>
      ),
    },
  ],
  filters: [statusFilter, roleFilter],
  rowAbilities: (row) => row.abilities,
  bulkActions: USER_BULK,
  form: {
    schema: userCreateSchema,
    updateSchema: userUpdateSchema,
    empty: () => ({
      role_id: undefined,
      status: true,
      name: '',
      surname: '',
      title_url: '',
      email: '',
      password: '',
      password_2: '',
      image: undefined,
      ...emptyAddress(),
    }),
    fromRecord: (record) => ({
      role_id: record.role_id,
      status: record.status,
      name: record.name,
      surname: record.surname,
      title_url: record.title_url,
      email: record.email,
      password: '',
      password_2: '',
      image: undefined,
      ...(Object.fromEntries(USER_ADDRESS_FIELDS.map((field) => [field, record[field]])) as AddressValues),
    }),
    files: ['image'],
    MainFields: UserFields,
  },
};

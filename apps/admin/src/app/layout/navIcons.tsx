import {
  ApartmentOutlined,
  BarChartOutlined,
  ContactsOutlined,
  ControlOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  IdcardOutlined,
  InboxOutlined,
  LayoutOutlined,
  LineChartOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  MobileOutlined,
  PictureOutlined,
  ReadOutlined,
  SendOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { NavIcon } from '../../routes/table';

const ICONS: Record<NavIcon, ComponentType> = {
  apartment: ApartmentOutlined,
  barChart: BarChartOutlined,
  contacts: ContactsOutlined,
  control: ControlOutlined,
  dashboard: DashboardOutlined,
  dollar: DollarOutlined,
  environment: EnvironmentOutlined,
  file: FileOutlined,
  fileSearch: FileSearchOutlined,
  fileText: FileTextOutlined,
  folderOpen: FolderOpenOutlined,
  form: FormOutlined,
  idcard: IdcardOutlined,
  inbox: InboxOutlined,
  layout: LayoutOutlined,
  lineChart: LineChartOutlined,
  link: LinkOutlined,
  mail: MailOutlined,
  menu: MenuOutlined,
  mobile: MobileOutlined,
  picture: PictureOutlined,
  read: ReadOutlined,
  send: SendOutlined,
  setting: SettingOutlined,
  shareAlt: ShareAltOutlined,
  team: TeamOutlined,
  trophy: TrophyOutlined,
  user: UserOutlined,
};

/** The side navigation's icon of a route table row. */
export function NavIconOf({ name }: { name: NavIcon }) {
  const Icon = ICONS[name];
  return <Icon />;
}

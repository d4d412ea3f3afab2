import {
  ApartmentOutlined,
  CalendarOutlined,
  CarOutlined,
  CreditCardOutlined,
  EuroOutlined,
  FileImageOutlined,
  FileOutlined,
  FileTextOutlined,
  GiftOutlined,
  LayoutOutlined,
  MailOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TagOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** antd icons by the names the server gives log items (LOG_MODELS icons). */
const ICONS: Record<string, ComponentType> = {
  apartment: ApartmentOutlined,
  calendar: CalendarOutlined,
  car: CarOutlined,
  'credit-card': CreditCardOutlined,
  euro: EuroOutlined,
  file: FileOutlined,
  'file-image': FileImageOutlined,
  'file-text': FileTextOutlined,
  gift: GiftOutlined,
  layout: LayoutOutlined,
  mail: MailOutlined,
  picture: PictureOutlined,
  read: ReadOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  tag: TagOutlined,
  tags: TagsOutlined,
  team: TeamOutlined,
  trophy: TrophyOutlined,
  user: UserOutlined,
};

/** The icon of a log item; unknown names fall back to a file. */
export function LogIcon({ name }: { name: string }) {
  const Icon = Object.hasOwn(ICONS, name) ? ICONS[name] : FileOutlined;
  return <Icon />;
}

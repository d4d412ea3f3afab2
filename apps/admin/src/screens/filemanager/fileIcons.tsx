import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
} from '@ant-design/icons';
import { extensionOf, type FileEntry } from '@backoffice/shared';
import type { ComponentType } from 'react';

const BY_EXTENSION: Record<string, ComponentType> = {
  pdf: FilePdfOutlined,
  doc: FileWordOutlined,
  docx: FileWordOutlined,
  odt: FileWordOutlined,
  xls: FileExcelOutlined,
  xlsx: FileExcelOutlined,
  ods: FileExcelOutlined,
  csv: FileExcelOutlined,
  ppt: FilePptOutlined,
  pptx: FilePptOutlined,
  odp: FilePptOutlined,
  zip: FileZipOutlined,
  txt: FileTextOutlined,
  jpg: FileImageOutlined,
  jpeg: FileImageOutlined,
  png: FileImageOutlined,
  gif: FileImageOutlined,
  webp: FileImageOutlined,
  avif: FileImageOutlined,
};

/** The icon of an entry without a thumbnail: a folder, or the kind of file its extension names. */
export function EntryIcon({ entry }: { entry: FileEntry }) {
  if (entry.type === 'dir') return <FolderFilled className="bo-fm-thumb-dir" />;
  const ext = extensionOf(entry.name);
  const Icon = Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : FileOutlined;
  return <Icon />;
}

/** Bytes as B, KB or MB in the UI language's number format. */
export function formatSize(bytes: number | null, language: string): string {
  if (bytes === null) return '';
  const number = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}

/** The folder part of an entry's path ('' for the root). */
export const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');

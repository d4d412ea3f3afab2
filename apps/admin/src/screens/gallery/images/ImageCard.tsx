import { DeleteOutlined, DragOutlined, EditOutlined, RotateRightOutlined, ZoomInOutlined } from '@ant-design/icons';
import { type GalleryImage, type Locale, THUMBNAIL } from '@backoffice/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Checkbox, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPopProps } from '../../../kit/list/confirm';

export interface ImageCardProps {
  image: GalleryImage;
  language: Locale;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onZoom: () => void;
  onRotate: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** The title shown for an image: its title in the language, else in any language, else its file name. */
export const imageLabel = (image: GalleryImage, language: Locale) =>
  image.languages[language]?.title || Object.values(image.languages).find((lang) => lang?.title)?.title || image.file;

/**
 * One image of the gallery (docs/spec-index.md S1.3 Gallery image): selectable, its thumbnail opening the slideshow, its
 * status and title; dragged by its handle (pointer or keyboard) to a new place; rotate, edit titles, remove.
 */
export function ImageCard(props: ImageCardProps) {
  const { image, language } = props;
  const { t } = useTranslation();
  const sortable = useSortable({ id: image.id });
  const label = imageLabel(image, language);
  const title = image.languages[language]?.title;
  return (
    <li
      ref={sortable.setNodeRef}
      className="bo-gi-card"
      data-testid="gallery-image"
      data-id={image.id}
      data-status={image.status ? 'published' : 'hidden'}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
    >
      <div className="bo-gi-top">
        <Checkbox
          checked={props.selected}
          onChange={(event) => props.onSelect(event.target.checked)}
          aria-label={t('galleryImages.select', { name: label })}
          data-testid="gi-select"
        />
        <Tag color={image.status ? 'green' : 'default'} data-testid="gi-status">
          {image.status ? t('status.published') : t('status.hidden')}
        </Tag>
        <Button
          type="text"
          size="small"
          className="bo-gi-handle"
          icon={<DragOutlined />}
          aria-label={t('galleryImages.move', { name: label })}
          title={t('galleryImages.moveHint')}
          data-testid="gi-handle"
          {...sortable.attributes}
          {...sortable.listeners}
        />
      </div>
      <button
        type="button"
        className="bo-gi-thumb"
        onClick={props.onZoom}
        aria-label={t('galleryImages.zoom', { name: label })}
        data-testid="gi-zoom"
      >
        <img src={image.thumbnail} alt={title ?? ''} width={THUMBNAIL.width} height={THUMBNAIL.height} loading="lazy" />
        <ZoomInOutlined className="bo-gi-zoom" />
      </button>
      <div className={title ? 'bo-gi-title' : 'bo-gi-title bo-gi-untitled'} title={label} data-testid="gi-title">
        {title || t('galleryImages.untitled')}
      </div>
      <Space size={4}>
        <Tooltip title={t('galleryImages.rotate')}>
          <Button
            size="small"
            icon={<RotateRightOutlined />}
            aria-label={t('galleryImages.rotate')}
            loading={props.busy}
            onClick={props.onRotate}
            data-testid="gi-rotate"
          />
        </Tooltip>
        <Tooltip title={t('galleryImages.editTitles')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('galleryImages.editTitles')}
            onClick={props.onEdit}
            data-testid="gi-edit"
          />
        </Tooltip>
        <Popconfirm title={t('galleryImages.removeConfirm')} {...confirmPopProps()} onConfirm={props.onRemove}>
          <Tooltip title={t('list.delete')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('list.delete')}
              data-testid="gi-remove"
            />
          </Tooltip>
        </Popconfirm>
      </Space>
    </li>
  );
}

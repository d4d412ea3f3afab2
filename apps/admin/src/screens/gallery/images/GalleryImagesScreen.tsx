import { ArrowLeftOutlined, EditOutlined, InboxOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { type BulkAction, FILE_TYPES, type GalleryImage, type Locale } from '@backoffice/shared';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Image, Result, Space, Spin, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { galleryApi } from '../../../api/galleries';
import {
  type GalleryImageList,
  galleryImagesApi,
  galleryImagesKey,
  useGalleryImages,
} from '../../../api/galleryImages';
import { listKey, useResourceRecord } from '../../../api/resource';
import { getLanguage } from '../../../i18n/language';
import { BulkMenu } from '../../../kit/list/BulkMenu';
import { notify, notifyFailure } from '../../../kit/notifications';
import { UploadList } from '../../../kit/upload/UploadList';
import { routePath } from '../../../routes/paths';
import { ImageCard, imageLabel } from './ImageCard';
import { ImageTitlesDialog } from './ImageTitlesDialog';
import { useImageUpload } from './useImageUpload';
import './galleryImages.css';

const ACCEPT = [
  'image/*',
  ...Object.entries(FILE_TYPES).flatMap(([ext, kind]) => (kind === 'image' ? [`.${ext}`] : [])),
].join(',');

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** The image screen of one gallery (route galleryImages). */
export default function GalleryImagesScreen() {
  const galleryId = parseId(useParams().galleryId);
  const { t } = useTranslation();
  if (galleryId === null) return <Result status="404" title={t('errors.404')} subTitle={t('errors.pageNotFound')} />;
  return <GalleryImages key={galleryId} galleryId={galleryId} />;
}

/**
 * Spec 1 §2 Gallery detail: upload (chunked, two at a time, progress per file), drag reorder, rotate, titles per
 * language, remove singly or in bulk, publish or hide in bulk, and the slideshow. Every role removes images.
 */
function GalleryImages({ galleryId }: { galleryId: number }) {
  const { t } = useTranslation();
  const language: Locale = getLanguage();
  const queryClient = useQueryClient();
  const gallery = useResourceRecord(galleryApi, galleryId);
  const list = useGalleryImages(galleryId);
  const images = list.data?.data ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [rotating, setRotating] = useState<number | null>(null);
  const [slide, setSlide] = useState<number | null>(null);
  const key = galleryImagesKey(galleryId);

  const reload = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        // The gallery list counts the images.
        queryClient.invalidateQueries({ queryKey: listKey(galleryApi.key) }),
      ]),
    [queryClient, key],
  );
  const upload = useImageUpload(galleryId, () => void reload());
  /** Shows a change at once; the server's answer (or a reload after a failure) follows. */
  const setImages = (change: (images: GalleryImage[]) => GalleryImage[]) =>
    queryClient.setQueryData<GalleryImageList>(key, (old) => (old ? { ...old, data: change(old.data) } : old));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = images.map((image) => image.id);
    const next = arrayMove(images, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    setImages(() => next.map((image, index) => ({ ...image, order: index + 1 })));
    try {
      notify(
        'success',
        (
          await galleryImagesApi.reorder(
            galleryId,
            next.map((image) => image.id),
          )
        ).message,
      );
    } catch (error) {
      notifyFailure('message.storeError', error);
      await reload();
    }
  };

  const rotate = async (image: GalleryImage) => {
    setRotating(image.id);
    try {
      const answer = await galleryImagesApi.rotate(galleryId, image.id);
      setImages((all) => all.map((item) => (item.id === image.id ? answer.data : item)));
      notify('success', answer.message);
    } catch (error) {
      notifyFailure('message.storeError', error);
    } finally {
      setRotating(null);
    }
  };

  const saveTitles = async (image: GalleryImage, languages: GalleryImage['languages']) => {
    try {
      const answer = await galleryImagesApi.updateTitles(galleryId, image.id, languages);
      setImages((all) => all.map((item) => (item.id === image.id ? answer.data : item)));
      notify('success', answer.message);
    } catch (error) {
      notifyFailure('message.storeError', error);
      // Field errors stay in the dialog; anything else closes it as well.
      if (error instanceof ApiError && error.status === 422) throw error;
    }
  };

  const remove = async (image: GalleryImage) => {
    try {
      notify('success', (await galleryImagesApi.destroy(galleryId, image.id)).message);
      setSelected((ids) => ids.filter((id) => id !== image.id));
    } catch (error) {
      notifyFailure('message.deleteError', error);
    }
    await reload();
  };

  const runBulk = async (action: BulkAction) => {
    try {
      notify('success', (await galleryImagesApi.bulk(galleryId, action, selected)).message);
      setSelected([]);
    } catch (error) {
      notifyFailure(action === 'destroy' ? 'message.deleteError' : 'message.storeError', error);
    }
    await reload();
  };

  if (gallery.error instanceof ApiError && gallery.error.status === 404) {
    return (
      <Result
        status="404"
        title={t('errors.404')}
        subTitle={t('errors.pageNotFound')}
        extra={<Link to={routePath('gallery')}>{t('galleryImages.back')}</Link>}
      />
    );
  }
  const galleryTitle = gallery.data?.data.langs[language]?.title ?? '';
  const allSelected = images.length > 0 && selected.length === images.length;

  return (
    <Card
      className="bo-gallery-images"
      title={
        <span data-testid="gi-heading">
          {t('galleryImages.title')}
          {galleryTitle && `: ${galleryTitle}`}
        </span>
      }
      extra={
        <Space wrap>
          <Link to={routePath('gallery', { id: galleryId })} data-testid="gi-edit-gallery">
            <Button icon={<EditOutlined />}>{t('galleryImages.editGallery')}</Button>
          </Link>
          <Link to={routePath('gallery')}>
            <Button icon={<ArrowLeftOutlined />}>{t('galleryImages.back')}</Button>
          </Link>
        </Space>
      }
    >
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        className="bo-gi-drop"
        beforeUpload={(file, fileList) => {
          // Called once per file; the whole choice is queued with the first, so the limits apply to it as a whole.
          if (file === fileList[0]) upload.add(fileList);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text" data-testid="gi-drop">
          {t('galleryImages.upload.drop')}
        </p>
        <p className="ant-upload-hint">{t('galleryImages.upload.hint')}</p>
      </Upload.Dragger>
      <UploadList items={upload.items} onDismiss={upload.dismiss} onCancel={upload.cancel} testId="gi" />

      <div className="bo-list-toolbar">
        <Space wrap>
          <Checkbox
            checked={allSelected}
            indeterminate={selected.length > 0 && !allSelected}
            disabled={images.length === 0}
            onChange={(event) => setSelected(event.target.checked ? images.map((image) => image.id) : [])}
            data-testid="gi-select-all"
          >
            {t('galleryImages.selectAll')}
          </Checkbox>
          <BulkMenu selectedCount={selected.length} canDestroy={!!list.data?.abilities.destroy} onConfirmed={runBulk} />
          <Button
            data-testid="list-refresh"
            icon={<ReloadOutlined spin={list.isFetching} />}
            onClick={() => void reload()}
            aria-label={t('list.refresh')}
            title={t('list.refresh')}
          />
          <Button
            icon={<PlayCircleOutlined />}
            disabled={images.length === 0}
            onClick={() => setSlide(0)}
            data-testid="gi-slideshow"
          >
            {t('galleryImages.slideshow')}
          </Button>
        </Space>
        <span className="bo-gi-count" data-testid="gi-count">
          {t('galleryImages.count', { count: images.length })}
        </span>
      </div>

      {list.isLoading ? (
        <Spin />
      ) : images.length === 0 ? (
        <Empty description={t('galleryImages.empty')} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={(event) => void onDragEnd(event)}
          accessibility={{
            screenReaderInstructions: { draggable: t('galleryImages.dnd.instructions') },
            announcements: {
              onDragStart: ({ active }) =>
                t('galleryImages.dnd.start', { n: images.findIndex((i) => i.id === active.id) + 1 }),
              onDragOver: ({ over }) =>
                over ? t('galleryImages.dnd.over', { n: images.findIndex((i) => i.id === over.id) + 1 }) : undefined,
              onDragEnd: ({ over }) =>
                over ? t('galleryImages.dnd.end', { n: images.findIndex((i) => i.id === over.id) + 1 }) : undefined,
              onDragCancel: () => t('galleryImages.dnd.cancel'),
            },
          }}
        >
          <SortableContext items={images.map((image) => image.id)} strategy={rectSortingStrategy}>
            <ul className="bo-gi-grid" aria-label={t('galleryImages.title')}>
              {images.map((image, index) => (
                <ImageCard
                  key={image.id}
                  image={image}
                  language={language}
                  selected={selected.includes(image.id)}
                  busy={rotating === image.id}
                  onSelect={(on) =>
                    setSelected((ids) => (on ? [...ids, image.id] : ids.filter((id) => id !== image.id)))
                  }
                  onZoom={() => setSlide(index)}
                  onRotate={() => void rotate(image)}
                  onEdit={() => setEditing(image)}
                  onRemove={() => void remove(image)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      <Image.PreviewGroup
        items={images.map((image) => ({ src: image.path, alt: imageLabel(image, language) }))}
        preview={{
          open: slide !== null,
          current: slide ?? 0,
          onOpenChange: (open) => {
            if (!open) setSlide(null);
          },
          onChange: (current) => setSlide(current),
        }}
      />
      {editing && (
        <ImageTitlesDialog
          image={editing}
          onSave={(languages) => saveTitles(editing, languages)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

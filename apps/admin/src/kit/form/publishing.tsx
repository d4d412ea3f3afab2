import { Col, Divider, Form, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../DateTimeField';
import type { ImageValue } from '../image';
import type { FieldsProps } from '../resource';
import { ImageFormField, StatusField } from './fields';

/** The form values every published resource has: status, the publishing window and the image. */
export interface PublishingValues {
  status: boolean;
  publish_up: string | null;
  publish_down: string | null;
  image: ImageValue;
}

/** A new record is published with no window; a loaded one keeps its window and its stored image untouched. */
export const publishingValues = (record?: {
  status: boolean;
  publish_up: string | null;
  publish_down: string | null;
}): PublishingValues => ({
  status: record?.status ?? true,
  publish_up: record?.publish_up ?? null,
  publish_down: record?.publish_down ?? null,
  image: undefined,
});

/**
 * The main settings below the tabs: the resource's own fields (`children`, as half-width columns) first, then
 * publish_up and publish_down (d.M.yyyy, HH:mm), the image under `/gallery/<imageModel>/` and the publish box.
 */
export function PublishingFields({
  rules,
  record,
  imageModel,
  children,
}: FieldsProps<{ id: number; image: string | null }> & { imageModel: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('pageLike.mainSettings')}</Divider>
      <Row gutter={16}>
        {children}
        <Col xs={24} md={12}>
          <Form.Item name="publish_up" label={t('pageLike.fields.publishUp')} rules={rules('publish_up')}>
            <DateTimeField testId="field-publish_up" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="publish_down" label={t('pageLike.fields.publishDown')} rules={rules('publish_down')}>
            <DateTimeField testId="field-publish_down" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <ImageFormField labelKey="pageLike.fields.image" model={imageModel} record={record} />
        </Col>
        <Col xs={24} md={12}>
          <StatusField labelKey="pageLike.fields.status" />
        </Col>
      </Row>
    </>
  );
}

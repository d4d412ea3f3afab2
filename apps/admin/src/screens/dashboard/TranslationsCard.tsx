import { Card, Empty, List, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTranslationSummary } from '../../api/stats';
import { routeOfModel } from '../../routes/models';
import { routePath } from '../../routes/paths';

/** The counts the card shows: what is missing and which language is behind (the filters of the same names). */
const COLOURS = { missing_sk: 'orange', missing_en: 'orange', outdated_sk: 'gold', outdated_en: 'gold' } as const;
const CARD_FILTERS = ['missing_sk', 'missing_en', 'outdated_sk', 'outdated_en'] as const;

/**
 * The dashboard's translation card (docs/features/translations.md): per translated resource, how many records miss
 * a Slovak or English field or have an outdated Slovak or English, each count a link to the list filtered by it.
 */
export function TranslationsCard() {
  const { t } = useTranslation();
  const summary = useTranslationSummary();
  const rows = (summary.data ?? []).flatMap((row) => {
    const route = routeOfModel(row.model);
    const counts = CARD_FILTERS.filter((filter) => row[filter] > 0);
    return route && counts.length > 0 ? [{ ...row, route, counts }] : [];
  });
  return (
    <Card
      title={t('translation.card.title')}
      className="bo-dashboard-translations"
      data-testid="dashboard-translations"
    >
      {summary.isLoading ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('translation.card.empty')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(row) => (
            <List.Item key={row.model} data-testid={`translations-${row.model}`}>
              <span>{t(`nav.${row.route}` as 'nav.contentPage')}</span>
              <Space size={4} wrap>
                {row.counts.map((filter) => (
                  <Link
                    key={filter}
                    to={`${routePath(row.route)}?translation=${filter}`}
                    data-testid={`translations-${row.model}-${filter}`}
                  >
                    <Tag color={COLOURS[filter]}>
                      {t('translation.card.count', {
                        label: t(`translation.filters.${filter}`),
                        n: row[filter],
                      })}
                    </Tag>
                  </Link>
                ))}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

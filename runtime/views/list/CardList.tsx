/**
 * The card display of a list (`list.display: "cards"`, 卡片列表): the rows of the one list controller
 * as cards — avatar, title, description, label：value lines — with the row actions the user holds as
 * the card's action bar, and the controller's paging below. Only the presentation differs from the
 * table; what a card shows is cardModel's.
 */
import type { ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Avatar, Card, Dropdown, Empty, List, Typography } from 'antd';
import type { PaginationProps } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledCard, CompiledPage, CompiledRowAction } from '../../schema/compiledPageTypes';
import { getCellRenderer } from '../../widgets/registry';
import { cardContent, cardGrid } from './cardModel';
import { MORE_ROW_ACTIONS_TEXT, rowActionKey, rowActionTitle, splitRowActions, visibleRowActions, type Row } from './rowActions';

export interface CardListProps {
  page: CompiledPage;
  card: CompiledCard;
  host: Host;
  dict: DictService;
  rows: readonly Row[];
  loading: boolean;
  pagination: PaginationProps;
  onRowAction(action: CompiledRowAction, record: Row): void;
}

function CardAvatar({ card, row, host, dict, initial }: { card: CompiledCard; row: Row; host: Host; dict: DictService; initial: string }) {
  const renderer = card.avatar ? getCellRenderer(card.avatar.field.widget) : undefined;
  if (card.avatar && renderer && row[card.avatar.field.name]) {
    return <span className="card-list-avatar">{renderer(row[card.avatar.field.name], { column: card.avatar, record: row, index: 0, host, dict })}</span>;
  }
  return (
    <Avatar size={48} style={{ backgroundColor: '#1677ff', flex: 'none' }}>
      {initial}
    </Avatar>
  );
}

/** The card's action links, one slot of the card's action bar each (the rest under 更多, as in the table). */
function cardActions(actions: readonly CompiledRowAction[], inline: number | undefined, row: Row, onRowAction: CardListProps['onRowAction']): ReactNode[] {
  const { links, more } = splitRowActions(visibleRowActions(actions, row), inline);
  const shown = links.map((action) => (
    <Typography.Link key={rowActionKey(action)} onClick={() => onRowAction(action, row)}>
      {rowActionTitle(action)}
    </Typography.Link>
  ));
  if (more.length === 0) return shown;
  const byKey = new Map(more.map((action) => [rowActionKey(action), action]));
  return [
    ...shown,
    <Dropdown
      key="__more"
      trigger={['click']}
      menu={{
        items: more.map((action) => ({ key: rowActionKey(action), label: rowActionTitle(action) })),
        onClick: ({ key }) => {
          const action = byKey.get(key);
          if (action) onRowAction(action, row);
        },
      }}
    >
      <Typography.Link>
        {MORE_ROW_ACTIONS_TEXT} <DownOutlined />
      </Typography.Link>
    </Dropdown>,
  ];
}

export function CardList({ page, card, host, dict, rows, loading, pagination, onRowAction }: CardListProps) {
  const allowed = page.list.rowActions.filter((action) => host.hasPermission(action.permission));
  const inline = page.document.list.inlineRowActions;
  return (
    <List<Row>
      className="card-list"
      grid={cardGrid(card.columns)}
      dataSource={rows as Row[]}
      loading={loading}
      rowKey={(row) => String(row.id ?? '')}
      pagination={{ ...pagination, align: 'end' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={card.emptyText} /> }}
      renderItem={(row) => {
        const content = cardContent(card, row, dict);
        const actions = cardActions(allowed, inline, row, onRowAction);
        return (
          <List.Item>
            <Card hoverable size="small" data-testid="list-card" data-id={String(row.id ?? '')} actions={actions.length > 0 ? actions : undefined}>
              <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', minHeight: 96 }}>
                <CardAvatar card={card} row={row} host={host} dict={dict} initial={content.initial} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong ellipsis={{ tooltip: content.title }} style={{ fontSize: 16, display: 'block' }} className="card-list-title">
                    {content.title}
                  </Typography.Text>
                  {card.description && (
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: content.description }} style={{ margin: '4px 0 8px', minHeight: 44 }}>
                      {content.description}
                    </Typography.Paragraph>
                  )}
                  {content.lines.map((line) => (
                    <div key={line.key} data-line={line.key} style={{ display: 'flex', gap: 4, lineHeight: '22px' }}>
                      <Typography.Text type="secondary" style={{ flex: 'none' }}>
                        {line.label}：
                      </Typography.Text>
                      <Typography.Text ellipsis={{ tooltip: line.text }}>{line.text}</Typography.Text>
                    </div>
                  ))}
                </div>
              </div>
            </Card>
          </List.Item>
        );
      }}
    />
  );
}

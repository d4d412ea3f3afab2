import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { NavigationGroupTree, NavigationNode } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Spin, Tooltip, Tree, type TreeProps } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAVIGATION_TREE_KEY, saveNavigationTree, useNavigationTree } from '../../../api/navigation';
import { OPTIONS_KEY } from '../../../api/options';
import { notify, notifyFailure } from '../../../kit/notifications';
import { groupLabel } from '../page/PageFields';
import { dropNode, type KeyboardMove, moveNode, toTreeInput } from './treeMoves';

interface TreeItem {
  key: number;
  isLeaf?: boolean;
  title: string;
  children: TreeItem[];
}

const toTreeData = (nodes: NavigationNode[]): TreeItem[] =>
  nodes.map((node) => ({ key: node.id, title: node.lang.title, children: toTreeData(node.children) }));

const allKeys = (nodes: NavigationNode[]): number[] => nodes.flatMap((node) => [node.id, ...allKeys(node.children)]);

/** Alt + arrow keys move the focused node: keyboard users move up, down, in and out without a mouse. */
const KEY_MOVES: Record<string, KeyboardMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'in',
  ArrowLeft: 'out',
};

/**
 * One group's drag-and-drop tree. A drop or a keyboard move shows the new order at once and saves the whole
 * group (docs/api.md Navigation); when the save fails the saved tree is loaded again.
 */
function GroupTree({ group, onSave }: { group: NavigationGroupTree; onSave: (tree: NavigationNode[]) => void }) {
  const { t } = useTranslation();
  const title = groupLabel(group.label);
  const container = useRef<HTMLDivElement>(null);
  // The node moved with the keyboard keeps the focus once the tree shows its new place.
  const refocus = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tree shows new items
  useEffect(() => {
    if (refocus.current === null) return;
    container.current?.querySelector<HTMLElement>(`[data-node-id="${refocus.current}"]`)?.focus();
    refocus.current = null;
  }, [group.items]);

  const move = (id: number, how: KeyboardMove) => {
    const next = moveNode(group.items, id, how);
    if (next) onSave(next);
    return next !== null;
  };

  const onDrop: TreeProps<TreeItem>['onDrop'] = (info) => {
    // antd's dropPosition counts in the drop node's siblings; relative to the node it is -1, 0 or 1.
    const index = Number(info.node.pos.split('-').at(-1));
    const relative = info.dropPosition - index;
    const next = dropNode(group.items, {
      dragId: Number(info.dragNode.key),
      dropId: Number(info.node.key),
      toGap: info.dropToGap,
      side: relative < 0 ? -1 : relative > 0 ? 1 : 0,
    });
    if (next) onSave(next);
  };

  const onNodeKeyDown = (id: number) => (event: KeyboardEvent) => {
    const how = KEY_MOVES[event.key];
    if (!event.altKey || !how) return;
    event.preventDefault();
    event.stopPropagation();
    if (move(id, how)) refocus.current = id;
  };

  const moveButton = (id: number, how: KeyboardMove, icon: ReactNode, label: string) => (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={label}
        // The node itself takes the keyboard (Alt + arrows): one tab stop per node, not five.
        tabIndex={-1}
        data-testid={`nav-move-${how}`}
        disabled={moveNode(group.items, id, how) === null}
        onClick={(event) => {
          event.stopPropagation();
          move(id, how);
        }}
      />
    </Tooltip>
  );

  return (
    <Card title={title} size="small" className="bo-nav-tree" data-testid={`nav-group-${group.label}`}>
      <div ref={container}>
        <Tree<TreeItem>
          draggable={{ icon: false }}
          blockNode
          selectable={false}
          expandedKeys={allKeys(group.items)}
          aria-label={t('navigation.treeLabel', { group: title })}
          treeData={toTreeData(group.items)}
          onDrop={onDrop}
          titleRender={(item) => (
            <span className="bo-nav-node" data-testid="nav-node" data-id={item.key}>
              {/* The title is the node's keyboard handle: focused, Alt + arrows move it. */}
              <button
                type="button"
                className="bo-nav-node-title"
                data-node-id={item.key}
                data-testid="nav-node-title"
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft"
                onKeyDown={onNodeKeyDown(item.key)}
              >
                {item.title}
              </button>
              <Space size={0} className="bo-nav-moves">
                {moveButton(item.key, 'up', <ArrowUpOutlined />, t('navigation.moveUp'))}
                {moveButton(item.key, 'down', <ArrowDownOutlined />, t('navigation.moveDown'))}
                {moveButton(item.key, 'in', <ArrowRightOutlined />, t('navigation.moveIn'))}
                {moveButton(item.key, 'out', <ArrowLeftOutlined />, t('navigation.moveOut'))}
              </Space>
            </span>
          )}
        />
      </div>
    </Card>
  );
}

/** Navigation (docs/spec-index.md S1.2 Navigation): an info banner and one tree per group that has entries. */
export default function NavigationScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const trees = useNavigationTree();
  const groups = (trees.data ?? []).filter((group) => group.items.length > 0);

  const save = async (group: NavigationGroupTree, items: NavigationNode[]) => {
    // The new order is shown at once; the answer (or a reload after a failure) replaces it.
    queryClient.setQueryData<NavigationGroupTree[]>(NAVIGATION_TREE_KEY, (old) =>
      old?.map((g) => (g.id === group.id ? { ...g, items } : g)),
    );
    try {
      const answer = await saveNavigationTree(group.id, toTreeInput(items));
      queryClient.setQueryData(NAVIGATION_TREE_KEY, answer.data);
      notify('success', answer.message);
      void queryClient.invalidateQueries({ queryKey: OPTIONS_KEY });
    } catch (error) {
      notifyFailure('message.storeError', error);
      void queryClient.invalidateQueries({ queryKey: NAVIGATION_TREE_KEY });
    }
  };

  return (
    <Card title={t('navigation.title')} className="bo-list">
      <Alert type="info" showIcon className="bo-form-alert" title={t('navigation.info')} data-testid="nav-info" />
      {trees.isLoading ? (
        <Spin />
      ) : groups.length === 0 ? (
        <Empty description={t('navigation.empty')} data-testid="nav-empty" />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {groups.map((group) => (
            <GroupTree key={group.id} group={group} onSave={(items) => void save(group, items)} />
          ))}
        </Space>
      )}
    </Card>
  );
}

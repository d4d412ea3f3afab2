import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Modal, Tree, Typography } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILES_KEY, listFiles } from '../../api/files';

interface FolderNode {
  key: string;
  title: string;
  icon: ReactNode;
  disabled: boolean;
  isLeaf?: boolean;
  children?: FolderNode[];
}

/** Tree keys carry a prefix: the root's path is '' and antd treats an empty key as none. */
const keyOf = (path: string) => `dir:${path}`;
const pathOf = (key: string) => key.slice(4);

export interface MoveDialogProps {
  /** The paths to move; null while the dialog is closed. */
  paths: string[] | null;
  /** The folder the items are in now (not a target). */
  current: string;
  token?: string;
  onClose: () => void;
  onSubmit: (paths: string[], to: string) => Promise<void>;
}

function FolderPicker({ paths, current, token, onClose, onSubmit }: MoveDialogProps & { paths: string[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A folder cannot go into itself or below itself, and the current folder is where the items already are.
  const blocked = (folder: string) =>
    folder === current || paths.some((path) => folder === path || folder.startsWith(`${path}/`));
  const node = (path: string, title: string, root = false): FolderNode => ({
    key: keyOf(path),
    title,
    icon: root ? <HomeOutlined /> : <FolderOutlined />,
    disabled: blocked(path),
  });
  const [tree, setTree] = useState<FolderNode[]>([node('', t('filemanager.root'), true)]);
  const [target, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const loadData = async ({ key }: { key: Key }) => {
    const path = pathOf(String(key));
    const answer = await queryClient.fetchQuery({
      queryKey: [...FILES_KEY, 'list', path],
      queryFn: ({ signal }) => listFiles(path, token, signal),
    });
    const children = answer.data.filter((entry) => entry.type === 'dir').map((entry) => node(entry.path, entry.name));
    const attach = (nodes: FolderNode[]): FolderNode[] =>
      nodes.map((item) =>
        item.key === key
          ? { ...item, children, isLeaf: children.length === 0 }
          : { ...item, children: item.children && attach(item.children) },
      );
    setTree((nodes) => attach(nodes));
  };

  return (
    <Modal
      open
      title={t('filemanager.moveTitle')}
      okText={t('filemanager.moveHere')}
      cancelText={t('filemanager.cancel')}
      okButtonProps={{ disabled: target === null, 'data-testid': 'fm-move-ok' } as ButtonProps}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        if (target === null) return;
        setSaving(true);
        try {
          await onSubmit(paths, target);
          onClose();
        } finally {
          setSaving(false);
        }
      }}
      data-testid="fm-move-dialog"
    >
      <Typography.Text type="secondary">{t('filemanager.moveHint')}</Typography.Text>
      <Tree<FolderNode>
        className="bo-fm-tree"
        showIcon
        blockNode
        treeData={tree}
        loadData={loadData}
        defaultExpandedKeys={[keyOf('')]}
        selectedKeys={target === null ? [] : [keyOf(target)]}
        onSelect={(keys) => setTarget(keys.length ? pathOf(String(keys[0])) : null)}
        titleRender={(item) => (
          <span data-testid="fm-folder-option" data-path={pathOf(item.key)}>
            {item.title}
          </span>
        )}
      />
    </Modal>
  );
}

/** The move dialog: a folder picker whose folders load as they are opened. */
export function MoveDialog(props: MoveDialogProps) {
  if (!props.paths) return null;
  return <FolderPicker {...props} paths={props.paths} />;
}

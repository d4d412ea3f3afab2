import { DeleteOutlined, DragOutlined, FolderAddOutlined, HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { type FileEntry, isImageName } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Breadcrumb, Button, Result, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { deleteFiles, FILES_KEY, makeFolder, moveFile, renameFile, useFileList } from '../../api/files';
import { translateMessage } from '../../i18n';
import { sendPick } from '../../kit/filemanager/pickMessage';
import { confirmModalProps } from '../../kit/list/confirm';
import { notify } from '../../kit/notifications';
import { UploadList } from '../../kit/upload/UploadList';
import { FileTable } from './FileTable';
import { parentOf } from './fileIcons';
import { MoveDialog } from './MoveDialog';
import { NameDialog } from './NameDialog';
import { UploadButton, useUploads } from './Uploads';

type Prompt = { kind: 'mkdir' } | { kind: 'rename'; entry: FileEntry };

/** The open folder's path as a breadcrumb; every folder above it opens with a click. */
function FolderBreadcrumb({ path, onOpen }: { path: string; onOpen: (path: string) => void }) {
  const { t } = useTranslation();
  const segments = path ? path.split('/') : [];
  const crumbs = [
    { path: '', label: t('filemanager.root') },
    ...segments.map((name, i) => ({
      path: segments.slice(0, i + 1).join('/'),
      label: name,
    })),
  ];
  return (
    <Breadcrumb
      className="bo-fm-breadcrumb"
      data-testid="fm-breadcrumb"
      items={crumbs.map((crumb, index) => {
        const label =
          index === 0 ? (
            <>
              <HomeOutlined /> {crumb.label}
            </>
          ) : (
            crumb.label
          );
        return {
          key: crumb.path || 'root',
          title:
            index < crumbs.length - 1 ? (
              <Typography.Link data-testid="fm-crumb" onClick={() => onOpen(crumb.path)}>
                {label}
              </Typography.Link>
            ) : (
              <span data-testid="fm-crumb-current">{label}</span>
            ),
        };
      })}
    />
  );
}

export interface FileManagerProps {
  /** The token of the address, when the file manager was opened with one. */
  token?: string;
  /** Opened as the editor's picker: a click on a file hands it over. */
  picking: boolean;
}

/**
 * The file manager (docs/api.md File manager): browse folders, upload with progress, new folder, rename, move,
 * delete with a confirmation, image thumbnails with a preview; as a picker, a file goes to the editor.
 */
export function FileManager({ token, picking }: FileManagerProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [path, setPath] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [moving, setMoving] = useState<string[] | null>(null);
  const list = useFileList(path, token);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FILES_KEY });
  const uploads = useUploads(path, token, () => void refresh());

  const open = (next: string) => {
    setPath(next);
    setSelected([]);
  };

  const pick = (entry: FileEntry) => {
    if (entry.url) sendPick({ url: entry.url, name: entry.name, image: isImageName(entry.name) });
  };

  const confirmDelete = (paths: string[]) => {
    const name = paths.length === 1 ? (paths[0]?.split('/').pop() ?? '') : '';
    modal.confirm({
      title:
        paths.length === 1
          ? t('filemanager.deleteOne', { name })
          : t('filemanager.deleteTitle', { count: paths.length }),
      content: t('filemanager.deleteText'),
      okText: t('filemanager.delete'),
      cancelText: t('filemanager.cancel'),
      ...confirmModalProps(true),
      onOk: async () => {
        try {
          const answer = await deleteFiles(paths, token);
          notify('success', t('filemanager.deleted', { count: answer.count }));
          setSelected((current) => current.filter((item) => !paths.includes(item)));
        } catch (error) {
          notify('danger', errorMessage(error));
        } finally {
          await refresh();
        }
      },
    });
  };

  const move = async (paths: string[], to: string) => {
    let moved = 0;
    try {
      for (const item of paths) {
        await moveFile(item, to, token);
        moved += 1;
      }
      notify('success', t('filemanager.moved', { count: moved }));
      setSelected([]);
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors.to?.[0] : undefined;
      notify('danger', field ? translateMessage(field) : errorMessage(error));
    } finally {
      await refresh();
    }
  };

  if (list.error instanceof ApiError && list.error.status === 401) {
    return <Result status="warning" title={t('filemanager.expired')} data-testid="fm-expired" />;
  }
  if (list.error instanceof ApiError && list.error.status === 404 && path) {
    // The folder went away (deleted or moved elsewhere): back to the root.
    open('');
  }

  return (
    <div className="bo-fm" data-testid="filemanager" data-path={path}>
      <header className="bo-fm-header">
        <FolderBreadcrumb path={path} onOpen={open} />
        <Space wrap>
          {selected.length > 0 && (
            <span className="bo-fm-selection" data-testid="fm-selection">
              {t('filemanager.selected', { count: selected.length })}
            </span>
          )}
          <UploadButton onFile={(file) => void uploads.start(file)} />
          <Button icon={<FolderAddOutlined />} data-testid="fm-mkdir" onClick={() => setPrompt({ kind: 'mkdir' })}>
            {t('filemanager.newFolder')}
          </Button>
          <Button
            icon={<DragOutlined />}
            disabled={selected.length === 0}
            data-testid="fm-move-selected"
            onClick={() => setMoving(selected)}
          >
            {t('filemanager.move')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            data-testid="fm-delete-selected"
            onClick={() => confirmDelete(selected)}
          >
            {t('filemanager.delete')}
          </Button>
          <Tooltip title={t('filemanager.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('filemanager.refresh')}
              data-testid="fm-refresh"
              onClick={() => void refresh()}
            />
          </Tooltip>
        </Space>
      </header>
      {picking && <Alert className="bo-fm-hint" type="info" showIcon title={t('filemanager.pickHint')} />}
      <UploadList items={uploads.items} onDismiss={uploads.dismiss} testId="fm" />
      <FileTable
        entries={list.data?.data ?? []}
        loading={list.isFetching}
        selected={selected}
        onSelect={setSelected}
        onOpen={open}
        onPick={picking ? pick : undefined}
        onRename={(entry) => setPrompt({ kind: 'rename', entry })}
        onMove={setMoving}
        onDelete={confirmDelete}
      />
      <NameDialog
        open={prompt !== null}
        title={prompt?.kind === 'rename' ? t('filemanager.rename') : t('filemanager.newFolder')}
        label={prompt?.kind === 'rename' ? t('filemanager.newName') : t('filemanager.folderName')}
        okText={prompt?.kind === 'rename' ? t('filemanager.save') : t('filemanager.create')}
        initial={prompt?.kind === 'rename' ? prompt.entry.name : ''}
        selectBase={prompt?.kind === 'rename' && prompt.entry.type === 'file'}
        onClose={() => setPrompt(null)}
        onSubmit={async (name) => {
          if (prompt?.kind === 'rename') {
            const answer = await renameFile(prompt.entry.path, name, token);
            setSelected((current) => current.filter((item) => item !== prompt.entry.path));
            notify('success', t('filemanager.renamed', { name: answer.data.name }));
          } else {
            const answer = await makeFolder(path, name, token);
            notify('success', t('filemanager.created', { name: answer.data.name }));
          }
          await refresh();
        }}
      />
      <MoveDialog
        paths={moving}
        current={moving?.[0] ? parentOf(moving[0]) : path}
        token={token}
        onClose={() => setMoving(null)}
        onSubmit={move}
      />
    </div>
  );
}

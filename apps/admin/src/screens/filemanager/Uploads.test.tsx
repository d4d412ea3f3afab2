import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadList } from '../../kit/upload/UploadList';
import { renderInApp } from '../../test/render';
import { stubXhr, type XhrRequest } from '../../test/xhr';
import { UploadButton, useUploads } from './Uploads';

/** The file manager's upload parts: its button feeds the uploads, the list shows a line per file. */
function FolderUploads({ onUploaded }: { onUploaded: () => void }) {
  const uploads = useUploads('/docs', 'fm-token', onUploaded);
  return (
    <>
      <UploadButton onFile={(file) => void uploads.start(file)} />
      <UploadList items={uploads.items} onDismiss={uploads.dismiss} testId="fm" />
    </>
  );
}

function open() {
  const xhr = stubXhr();
  const onUploaded = vi.fn();
  const view = renderInApp(<FolderUploads onUploaded={onUploaded} />);
  const input = view.container.ownerDocument.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  const choose = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ...view, xhr, onUploaded, choose };
}

const file = (name: string, type: string) => new File(['content'], name, { type });
const nameOf = (request: XhrRequest | undefined) => (request?.fields.file as File | undefined)?.name;
const line = (name: string) => {
  const found = screen.getAllByTestId('fm-upload-item').find((item) => item.textContent?.includes(name));
  if (!found) throw new Error(`no upload line for ${name}`);
  return found;
};

describe('file manager uploads', () => {
  it('sends each chosen file into the open folder with its progress and reports each stored one', async () => {
    const { xhr, onUploaded, choose } = open();
    choose(file('report.pdf', 'application/pdf'), file('logo.png', 'image/png'));

    await waitFor(() => expect(xhr.open()).toHaveLength(2));
    const [report] = xhr.requests;
    expect(report?.url).toBe('/api/files/upload?token=fm-token');
    expect(report?.fields.path).toBe('/docs');
    expect(xhr.requests.map(nameOf)).toEqual(['report.pdf', 'logo.png']);

    await act(async () => report?.progress(50, 100));
    expect(line('report.pdf').querySelector('[aria-valuenow]')?.getAttribute('aria-valuenow')).toBe('50');
    await act(async () => report?.respond(200, { message: 'Stored.', data: { name: 'report.pdf' } }));

    expect(line('report.pdf').getAttribute('data-status')).toBe('success');
    expect(screen.getByTestId('notification').textContent).toContain('Uploaded: report.pdf');
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(line('logo.png').getAttribute('data-status')).toBe('active');
  });

  it("keeps a refused or failed file's line with its reason while the other files are stored", async () => {
    const { xhr, onUploaded, choose } = open();
    choose(
      file('tool.exe', 'application/octet-stream'),
      file('a.pdf', 'application/pdf'),
      file('b.pdf', 'application/pdf'),
    );

    expect(line('tool.exe').getAttribute('data-status')).toBe('exception');
    expect(line('tool.exe').textContent).toContain('This type of file is not allowed');
    await waitFor(() => expect(xhr.requests.map(nameOf)).toEqual(['a.pdf', 'b.pdf']));

    await act(async () =>
      xhr.requests[0]?.respond(422, { message: 'Invalid.', errors: { file: ['filemanager.errors.size'] } }),
    );
    expect(line('a.pdf').textContent).toContain('The file is too large');
    expect(screen.getByTestId('notification').textContent).toContain('a.pdf was not uploaded: The file is too large');
    await act(async () => xhr.requests[1]?.respond(200, { message: 'Stored.', data: { name: 'b.pdf' } }));

    expect(line('b.pdf').getAttribute('data-status')).toBe('success');
    expect(line('a.pdf').getAttribute('data-status')).toBe('exception');
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });
});

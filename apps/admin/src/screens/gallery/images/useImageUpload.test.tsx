import { GALLERY_UPLOAD, type GalleryImage } from '@backoffice/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadList } from '../../../kit/upload/UploadList';
import { stubApi } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import { stubXhr, type XhrRequest } from '../../../test/xhr';
import { useImageUpload } from './useImageUpload';

const TOKEN_CHECK = 'GET /api/gallery/image/5/token/check';
const UPLOAD_URL = '/api/gallery/image/5/upload';

/** The image screen's upload parts: its file picker feeds the queue, the list shows a line per file. */
function Uploader({ onStored }: { onStored: () => void }) {
  const upload = useImageUpload(5, onStored);
  return (
    <>
      <input
        type="file"
        multiple
        data-testid="pick"
        onChange={(event) => upload.add([...(event.target.files ?? [])])}
      />
      <UploadList items={upload.items} onDismiss={upload.dismiss} onCancel={upload.cancel} testId="gi" />
    </>
  );
}

function open() {
  const api = stubApi({ [TOKEN_CHECK]: { body: { valid: true } } });
  const xhr = stubXhr();
  const onStored = vi.fn();
  const view = renderInApp(<Uploader onStored={onStored} />);
  const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('pick'), { target: { files } });
  return { ...view, api, xhr, onStored, pick };
}

const image = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const stored = (id: number): GalleryImage => ({ id }) as GalleryImage;
const complete = (request: XhrRequest | undefined, id: number) =>
  act(async () => request?.respond(200, { complete: true, message: 'Stored.', data: stored(id) }));
const fileOf = (request: XhrRequest | undefined) => request?.fields.file as File | undefined;
const names = (requests: XhrRequest[]) => requests.map((request) => fileOf(request)?.name);
const line = (name: string) => {
  const found = screen.getAllByTestId('gi-upload-item').find((item) => item.textContent?.includes(name));
  if (!found) throw new Error(`no upload line for ${name}`);
  return found;
};

describe('the gallery image upload queue', () => {
  it('checks the session once, then sends the files two at a time in the order they were chosen', async () => {
    const { api, xhr, onStored, pick } = open();
    pick(image('a.jpg'), image('b.jpg'), image('c.jpg'));

    await waitFor(() => expect(xhr.open()).toHaveLength(GALLERY_UPLOAD.parallel));
    expect(api.callsTo(TOKEN_CHECK)).toHaveLength(1);
    expect(names(xhr.open())).toEqual(['a.jpg', 'b.jpg']);
    expect(xhr.requests[0]?.url).toBe(UPLOAD_URL);
    expect(line('c.jpg').getAttribute('data-status')).toBe('active');

    await complete(xhr.requests[0], 1);
    await waitFor(() => expect(names(xhr.open())).toEqual(['b.jpg', 'c.jpg']));
    await complete(xhr.requests[1], 2);
    await complete(xhr.requests[2], 3);

    expect((await screen.findByTestId('notification')).textContent).toContain('3 images have been uploaded.');
    expect(onStored).toHaveBeenCalledTimes(3);
    expect(['a.jpg', 'b.jpg', 'c.jpg'].map((name) => line(name).getAttribute('data-status'))).toEqual([
      'success',
      'success',
      'success',
    ]);
    expect(api.callsTo(TOKEN_CHECK)).toHaveLength(1);
  });

  it("shows a refused file's reason on its line while the other files go on, then says not all were stored", async () => {
    const { xhr, onStored, pick } = open();
    pick(image('a.jpg'), image('b.jpg'), image('c.jpg'));
    await waitFor(() => expect(xhr.open()).toHaveLength(2));

    await act(async () =>
      xhr.requests[0]?.respond(422, { message: 'The given data was invalid.', errors: { file: ['errors.image'] } }),
    );
    await waitFor(() => expect(names(xhr.open())).toEqual(['b.jpg', 'c.jpg']));
    expect(line('a.jpg').getAttribute('data-status')).toBe('exception');
    expect(line('a.jpg').textContent).toContain('Choose an image (JPEG, PNG, WebP, GIF or AVIF)');
    await complete(xhr.requests[1], 2);
    await complete(xhr.requests[2], 3);

    const note = await screen.findByTestId('notification');
    expect(note.getAttribute('data-type')).toBe('danger');
    expect(note.textContent).toContain('Some images were not uploaded.');
    expect(onStored).toHaveBeenCalledTimes(2);
    expect(line('c.jpg').getAttribute('data-status')).toBe('success');
  });

  it('refuses a file that is no image or too big at once, without sending it', async () => {
    const { api, xhr, pick } = open();
    const pdf = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    pick(pdf, image('huge.jpg', GALLERY_UPLOAD.maxBytes + 1));

    expect(line('notes.pdf').textContent).toContain('This file type is not allowed');
    expect(line('huge.jpg').textContent).toContain('The file is too big (10001 KB); the limit is 10000 KB.');
    expect((await screen.findByTestId('notification')).getAttribute('data-type')).toBe('danger');
    expect(xhr.requests).toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });

  it('sends a large image in chunks, in order, and sends a chunk lost on the way once more', async () => {
    const { xhr, pick } = open();
    const size = GALLERY_UPLOAD.chunkSize + 10;
    pick(image('large.jpg', size));

    await waitFor(() => expect(xhr.open()).toHaveLength(1));
    const first = xhr.requests[0];
    expect(first?.fields).toMatchObject({
      dzchunkindex: '0',
      dztotalchunkcount: '2',
      dzchunkbyteoffset: '0',
      dztotalfilesize: String(size),
    });
    expect(fileOf(first)?.size).toBe(GALLERY_UPLOAD.chunkSize);
    await act(async () => first?.respond(200, { complete: false, received: 1, total: 2 }));

    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(xhr.requests[1]?.fields).toMatchObject({ dzchunkindex: '1', dzuuid: first?.fields.dzuuid });
    await act(async () => xhr.requests[1]?.fail());

    await waitFor(() => expect(xhr.requests).toHaveLength(3));
    expect(xhr.requests[2]?.fields).toMatchObject({
      dzchunkindex: '1',
      dzchunkbyteoffset: String(GALLERY_UPLOAD.chunkSize),
      dzuuid: first?.fields.dzuuid,
    });
    expect(fileOf(xhr.requests[2])?.size).toBe(10);
    await complete(xhr.requests[2], 9);

    await waitFor(() => expect(line('large.jpg').getAttribute('data-status')).toBe('success'));
  });

  it('takes a cancelled waiting file out of the queue and aborts a cancelled running one', async () => {
    const { xhr, user, pick } = open();
    pick(image('a.jpg'), image('b.jpg'), image('c.jpg'));
    await waitFor(() => expect(xhr.open()).toHaveLength(2));

    await user.click(within(line('c.jpg')).getByRole('button', { name: /cancel/i }));
    expect(line('c.jpg').textContent).toContain('The upload was cancelled.');
    await user.click(within(line('a.jpg')).getByRole('button', { name: /cancel/i }));
    expect(xhr.requests[0]?.aborted).toBe(true);
    await waitFor(() => expect(line('a.jpg').textContent).toContain('The upload was cancelled.'));

    await complete(xhr.requests[1], 2);
    expect(names(xhr.requests)).toEqual(['a.jpg', 'b.jpg']);
    expect((await screen.findByTestId('notification')).getAttribute('data-type')).toBe('danger');
  });
});

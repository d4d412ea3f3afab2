import { vi } from 'vitest';

/** One request sent through XMLHttpRequest (the uploads with progress), answered by the test. */
export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The multipart fields sent, by name (a file field holds the File). */
  fields: Record<string, FormDataEntryValue>;
  /** Settled: answered, failed or aborted. */
  done: boolean;
  aborted: boolean;
  respond: (status: number, body?: unknown) => void;
  /** The connection broke: no answer at all. */
  fail: () => void;
  progress: (loaded: number, total: number) => void;
}

/**
 * Replaces XMLHttpRequest with one whose requests wait in `requests` until the test answers them, so a test decides
 * when each upload (or chunk) finishes and sees which ones are under way at once.
 */
export function stubXhr(): { requests: XhrRequest[]; open: () => XhrRequest[] } {
  const requests: XhrRequest[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    withCredentials = false;
    timeout = 0;
    private request: XhrRequest = {
      method: '',
      url: '',
      headers: {},
      fields: {},
      done: false,
      aborted: false,
      respond: () => {},
      fail: () => {},
      progress: () => {},
    };

    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      if (this.request.done) return;
      this.request.done = true;
      this.request.aborted = true;
      this.onabort?.();
    }
    send(body: FormData) {
      const request = this.request;
      request.fields = Object.fromEntries(body.entries());
      const settle = (then: () => void) => {
        if (request.done) throw new Error(`${request.url} is already settled`);
        request.done = true;
        then();
      };
      request.respond = (status, answer) =>
        settle(() => {
          this.status = status;
          this.responseText = answer === undefined ? '' : JSON.stringify(answer);
          this.onload?.();
        });
      request.fail = () => settle(() => this.onerror?.());
      request.progress = (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      requests.push(request);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { requests, open: () => requests.filter((request) => !request.done) };
}

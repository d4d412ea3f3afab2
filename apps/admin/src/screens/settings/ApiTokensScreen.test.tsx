import type { ApiTokenItem } from '@backoffice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import ApiTokensScreen from './ApiTokensScreen';

// Settings → API tokens (docs/features/integrations.md): a token shown in full once, by its prefix after; revoking
// after a confirmation; and the delivery API's access rule below.

const STAMP = '2026-11-28T10:00:00.000Z';
const token = (over: Partial<ApiTokenItem> = {}): ApiTokenItem => ({
  id: 3,
  name: 'E-shop',
  scope: 'read',
  prefix: 'bo_Ab12',
  created_at: STAMP,
  last_used_at: null,
  created_by: { id: 1, name: 'Ada', surname: 'Admin' },
  ...over,
});
const access = (over: object = {}) => ({
  body: { data: { token_required: false, cors_origins: [], updated_at: null, ...over } },
});

function stub(tokens: ApiTokenItem[] = [token()]) {
  return stubApi({
    'GET /api/api-tokens': { body: { data: tokens } },
    'GET /api/delivery-access': access(),
  });
}

describe('API tokens', () => {
  it('lists each token by its name, scope and first characters, never the token', async () => {
    stub([token(), token({ id: 4, name: 'Preview app', scope: 'preview', prefix: 'bo_Zz99', last_used_at: STAMP })]);
    renderInApp(<ApiTokensScreen />);
    const names = await screen.findAllByTestId('cell-name');
    expect(names.map((cell) => cell.textContent)).toEqual(['E-shop', 'Preview app']);
    expect(screen.getAllByTestId('cell-prefix').map((cell) => cell.textContent)).toEqual(['bo_Ab12…', 'bo_Zz99…']);
    expect(screen.getAllByTestId('cell-scope').map((cell) => cell.textContent)).toEqual([
      'Published content',
      'Also unpublished (preview)',
    ]);
    expect(screen.getByText('Never')).toBeTruthy();
  });

  it('checks the name with the shared schema before anything is sent', async () => {
    const api = stub([]);
    const { user } = renderInApp(<ApiTokensScreen />);
    await screen.findByTestId('list-empty');
    await user.click(screen.getByTestId('token-create'));
    await user.type(await screen.findByLabelText('Name'), 'ab');
    await user.click(screen.getByTestId('token-save'));
    expect(await screen.findByText('Enter at least 3 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/api-tokens')).toHaveLength(0);
  });

  it('makes a token and shows it once with a copy button; closed, the list shows its prefix only', async () => {
    const api = stub([]);
    api.routes['POST /api/api-tokens'] = {
      status: 201,
      body: { message: 'Saved.', data: { ...token({ scope: 'preview' }), token: 'bo_Ab12secretsecretsecret' } },
    };
    const { user } = renderInApp(<ApiTokensScreen />);
    await screen.findByTestId('list-empty');
    await user.click(screen.getByTestId('token-create'));
    await user.type(await screen.findByLabelText('Name'), 'E-shop');
    await user.click(screen.getByText('Also unpublished (preview)'));
    api.routes['GET /api/api-tokens'] = { body: { data: [token({ scope: 'preview' })] } };
    await user.click(screen.getByTestId('token-save'));

    const shown = await screen.findByTestId('token-shown-value');
    expect(api.callsTo('POST /api/api-tokens')[0]?.body).toEqual({ name: 'E-shop', scope: 'preview' });
    expect((shown as HTMLInputElement).value).toBe('bo_Ab12secretsecretsecret');
    expect(screen.getByText('Copy it now and keep it safe: it is shown only once.')).toBeTruthy();
    await user.click(screen.getByTestId('token-shown-copy'));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('bo_Ab12secretsecretsecret');
    expect(screen.getByTestId('token-shown-copy').textContent).toContain('Copied');

    await user.click(screen.getByTestId('token-shown-done'));
    await waitFor(() => expect(screen.queryByTestId('token-shown-value')).toBeNull());
    expect(await screen.findByTestId('cell-prefix')).toBeTruthy();
    expect(document.body.textContent).not.toContain('bo_Ab12secretsecretsecret');
  });

  it('revokes a token only after a confirmation', async () => {
    const api = stub();
    api.routes['DELETE /api/api-tokens/3'] = { body: { message: 'Deleted.' } };
    const { user } = renderInApp(<ApiTokensScreen />);
    await user.click(await screen.findByTestId('token-revoke'));
    expect(api.callsTo('DELETE /api/api-tokens/3')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Revoke the token “E-shop”?');
    api.routes['GET /api/api-tokens'] = { body: { data: [] } };
    await user.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('DELETE /api/api-tokens/3')).toHaveLength(1));
    expect(await screen.findByTestId('list-empty')).toBeTruthy();
  });
});

describe('the delivery API access', () => {
  const loaded = async () => {
    const area = (await screen.findByLabelText('Allowed origins (one per line)')) as HTMLTextAreaElement;
    await waitFor(() => expect(area.disabled).toBe(false));
    return area;
  };

  it('saves the switch and the origins, one a line, with the loaded updated_at', async () => {
    const api = stubApi({
      'GET /api/api-tokens': { body: { data: [] } },
      'GET /api/delivery-access': access({ cors_origins: ['https://a.example.com'], updated_at: STAMP }),
      'POST /api/delivery-access': {
        body: {
          message: 'Saved.',
          data: {
            token_required: true,
            cors_origins: ['https://a.example.com', 'http://localhost:3000'],
            updated_at: '2026-11-28T11:00:00.000Z',
          },
        },
      },
    });
    const { user } = renderInApp(<ApiTokensScreen />);
    const area = await loaded();
    expect(area.value).toBe('https://a.example.com');
    await user.click(screen.getByRole('switch', { name: 'A token is required to read the delivery API' }));
    await user.type(area, '\n\n  http://LOCALHOST:3000 ');
    await user.click(screen.getByTestId('delivery-access-save'));
    await waitFor(() => expect(api.callsTo('POST /api/delivery-access')).toHaveLength(1));
    expect(api.callsTo('POST /api/delivery-access')[0]?.body).toEqual({
      token_required: true,
      cors_origins: ['https://a.example.com', 'http://localhost:3000'],
      updated_at: STAMP,
    });
    await waitFor(() => expect(area.value).toBe('https://a.example.com\nhttp://localhost:3000'));
  });

  it('names the line of an origin the schema refuses, and sends nothing', async () => {
    const api = stub();
    const { user } = renderInApp(<ApiTokensScreen />);
    const area = await loaded();
    await user.type(area, 'https://ok.example.com\nshop.example.com/path');
    await user.click(screen.getByTestId('delivery-access-save'));
    expect(await screen.findByText('Line 2: Invalid value.')).toBeTruthy();
    expect(api.callsTo('POST /api/delivery-access')).toHaveLength(0);
  });

  it("puts a 422 answer's origin errors under the field, by line", async () => {
    const api = stub();
    api.routes['POST /api/delivery-access'] = {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { 'cors_origins.0': ['errors.invalid'] } },
    };
    const { user } = renderInApp(<ApiTokensScreen />);
    const area = await loaded();
    await user.type(area, 'https://ok.example.com');
    await user.click(screen.getByTestId('delivery-access-save'));
    expect(await screen.findByText('Line 1: Invalid value.')).toBeTruthy();
  });
});

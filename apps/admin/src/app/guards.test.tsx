import { ROLES } from '@backoffice/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUser, setUser } from '../api/session';
import { renderInApp } from '../test/render';
import { RequireRole } from './guards';

const user = (role_id: number) => ({
  id: 5,
  name: 'Eva',
  surname: 'Editor',
  email: 'eva@example.com',
  role_id,
  image: null,
  language_code: 'en' as const,
  token: 'x',
});

afterEach(() => clearUser('logout'));

describe('a screen for some roles only', () => {
  it('shows an editor the forbidden screen in its place, and never the screen', async () => {
    setUser(user(ROLES.editor));
    renderInApp(
      <RequireRole roles={[ROLES.admin]}>
        <p data-testid="secret-screen">Tokens</p>
      </RequireRole>,
    );
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    expect(screen.getByText('Your role does not allow you to open this screen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to the dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('secret-screen')).toBeNull();
  });

  it('shows the administrator the screen', async () => {
    setUser(user(ROLES.admin));
    renderInApp(
      <RequireRole roles={[ROLES.admin]}>
        <p data-testid="secret-screen">Tokens</p>
      </RequireRole>,
    );
    expect(await screen.findByTestId('secret-screen')).toBeTruthy();
    expect(screen.queryByTestId('forbidden')).toBeNull();
  });
});

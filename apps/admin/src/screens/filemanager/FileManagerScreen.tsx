import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../api/session';
import { pickTarget } from '../../kit/filemanager/pickMessage';
import { FileManager } from './FileManager';
import './filemanager.css';

/**
 * `/admin/filemanager?token=…[&mode=pick]` (docs/features/file-manager.md): outside the admin layout, so it fits the modal frame.
 * With a token the server decides (it answers 401 to a token that is not, or no longer, valid, and the screen
 * says so); without one the route's guard asks for a signed-in user, as on every admin screen. The calls carry the token only
 * while no user is signed in here: the session cookie is the usual way in, and a token in every call's address
 * would only spread it (server logs).
 */
export default function FileManagerScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useUser();
  const token = params.get('token') || undefined;
  const picking = params.get('mode') === 'pick' && pickTarget() !== null;
  // The frame's modal shows the title; inside, the page keeps its own heading and main landmark.
  return (
    <App component={false}>
      <main>
        <h1 className="bo-fm-title">{t('filemanager.title')}</h1>
        <FileManager token={user ? undefined : token} picking={picking} />
      </main>
    </App>
  );
}

import { ResourceList } from '../../kit/list/ResourceList';
import { MailPreviewProvider } from './MailPreview';
import { mailResource } from './mailResource';

/** The mail template list, form and preview (route mail). */
export default function MailScreen() {
  return (
    <MailPreviewProvider>
      <ResourceList def={mailResource} />
    </MailPreviewProvider>
  );
}

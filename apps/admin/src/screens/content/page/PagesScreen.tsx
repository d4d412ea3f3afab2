import { ResourceList } from '../../../kit/list/ResourceList';
import { pageResource } from './pageResource';

/** Pages list and form, /admin/app/content/page/:id? (route contentPage). */
export default function PagesScreen() {
  return <ResourceList def={pageResource} />;
}

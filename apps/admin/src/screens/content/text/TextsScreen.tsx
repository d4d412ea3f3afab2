import { ResourceList } from '../../../kit/list/ResourceList';
import { textResource } from './textResource';

/** Texts list and form, /admin/app/content/text/:id? (route contentText). */
export default function TextsScreen() {
  return <ResourceList def={textResource} />;
}

import { ResourceList } from '../../../kit/list/ResourceList';
import { categoryResource } from './categoryResource';

/** Categories list and form, /admin/app/content/category/:id? (route contentCategory). */
export default function CategoriesScreen() {
  return <ResourceList def={categoryResource} />;
}

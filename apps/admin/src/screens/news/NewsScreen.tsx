import { ResourceList } from '../../kit/list/ResourceList';
import { newsResource } from './newsResource';

/** The news list and form (route news). */
export default function NewsScreen() {
  return <ResourceList def={newsResource} />;
}

import { ResourceList } from '../../kit/list/ResourceList';
import { articleResource } from './articleResource';

/** The news articles' list and form (route name news). */
export default function ArticlesScreen() {
  return <ResourceList def={articleResource} />;
}

import { ResourceList } from '../../kit/list/ResourceList';
import { userResource } from './userResource';

/** The user list and form (route user). */
export default function UserScreen() {
  return <ResourceList def={userResource} />;
}

import { ResourceList } from '../../kit/list/ResourceList';
import { formContactResource } from './formResources';

/** The read-only list of submissions and their detail panel (route formContact). */
export default function FormContactScreen() {
  return <ResourceList def={formContactResource} />;
}

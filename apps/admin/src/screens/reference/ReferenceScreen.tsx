import { ResourceList } from '../../kit/list/ResourceList';
import { referenceResource } from './referenceResource';

/** The reference list and form (route reference). */
export default function ReferenceScreen() {
  return <ResourceList def={referenceResource} />;
}

import { ResourceList } from '../../kit/list/ResourceList';
import { partnerResource } from './partnerResource';

/** The partner list and form (route partner). */
export default function PartnerScreen() {
  return <ResourceList def={partnerResource} />;
}

import { ResourceList } from '../../kit/list/ResourceList';
import { formPriceResource } from './formResources';

/** The read-only list of submissions and their detail panel (route formPriceOffer). */
export default function FormPriceScreen() {
  return <ResourceList def={formPriceResource} />;
}

import { ResourceList } from '../../kit/list/ResourceList';
import { formRegistrationResource } from './formResources';

/** The read-only list of submissions and their detail panel (route formRegistration). */
export default function FormRegistrationScreen() {
  return <ResourceList def={formRegistrationResource} />;
}

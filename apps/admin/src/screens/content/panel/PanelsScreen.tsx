import { ResourceList } from '../../../kit/list/ResourceList';
import { panelResource } from './panelResource';

/** Panels list and form, /admin/app/content/panel/:id? (route contentPanel). */
export default function PanelsScreen() {
  return <ResourceList def={panelResource} />;
}

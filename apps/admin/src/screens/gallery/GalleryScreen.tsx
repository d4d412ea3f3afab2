import { ResourceList } from '../../kit/list/ResourceList';
import { galleryResource } from './galleryResource';

/** The gallery list and form (route gallery). */
export default function GalleryScreen() {
  return <ResourceList def={galleryResource} />;
}

import { DmsPage } from '../../features/dms/components/dms-page';

/** /dms: direct and group conversations. */
export default function DmsRoute() {
  return <DmsPage />;
}

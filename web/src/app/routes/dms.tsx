import { DmsPage } from '../../features/dms/components/dms-page';

/** /dms: direct and group conversations (spec §2). */
export default function DmsRoute() {
  return <DmsPage />;
}

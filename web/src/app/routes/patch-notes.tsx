import { PatchNotesPage } from '../../features/patch-notes/components/patch-notes-page';

export default function PatchNotesRoute() {
  return <PatchNotesPage />;
}

import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function HomeRoute() {
  return <FeaturePlaceholder title="Chat Rooms" description="Browse the room tree of your faculty, programme and courses." />;
}

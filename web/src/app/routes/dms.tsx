import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function DmsRoute() {
  return <FeaturePlaceholder title="Direct Messages" description="Your direct and group conversations." />;
}

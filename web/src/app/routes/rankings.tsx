import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function RankingsRoute() {
  return (
    <FeaturePlaceholder title="Rankings" description="Who received the most reactions, all time and today." />
  );
}

import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function MatchmakeRoute() {
  return (
    <FeaturePlaceholder
      title="Matchmaking"
      description="Find study partners for a group, or a tutor for a course."
    />
  );
}

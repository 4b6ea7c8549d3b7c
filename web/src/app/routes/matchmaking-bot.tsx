import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function MatchmakingBotRoute() {
  return (
    <FeaturePlaceholder
      title="Matchmaking Bot"
      description="An interview that fills in your profile and a party draft."
    />
  );
}

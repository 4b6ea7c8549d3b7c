import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function DiscoveryBotRoute() {
  return (
    <FeaturePlaceholder
      title="Discovery Bot"
      description="Tell the bot what you study and it suggests rooms to join."
    />
  );
}

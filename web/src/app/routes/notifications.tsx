import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function NotificationsRoute() {
  return <FeaturePlaceholder title="Notifications" description="Mentions, replies and matchmaking news." />;
}

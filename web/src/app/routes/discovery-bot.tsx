import { DiscoveryPage } from '../../features/assistants/components/discovery-page';

export default function DiscoveryBotRoute() {
  return <DiscoveryPage />;
}

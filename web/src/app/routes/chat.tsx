import { useParams } from 'react-router';
import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function ChatRoute() {
  const { roomName = '' } = useParams();
  return (
    <FeaturePlaceholder
      title={`Room ${roomName}`}
      description="Messages, replies and reactions of this room."
    />
  );
}

import { useParams } from 'react-router';
import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function UserProfileRoute() {
  const { username = '' } = useParams();
  return <FeaturePlaceholder title={`@${username}`} description="This user's public profile." />;
}

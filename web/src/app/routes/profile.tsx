import { FeaturePlaceholder } from '../../components/feature-placeholder';

export default function ProfileRoute() {
  return <FeaturePlaceholder title="Profile" description="Your profile, picture and settings." />;
}

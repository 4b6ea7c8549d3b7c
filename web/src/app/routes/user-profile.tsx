import { useParams } from 'react-router';
import { PublicProfileView } from '../../features/profile/components/public-profile';

export default function UserProfileRoute() {
  const { username = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PublicProfileView key={username} username={username} />
    </div>
  );
}

import { MatchmakingPage } from '../../features/matchmaking/components/matchmaking-page';

/** /matchmake: the Group and Tutoring tabs. */
export default function MatchmakeRoute() {
  return <MatchmakingPage />;
}

import { MatchmakingPage } from '../../features/matchmaking/components/matchmaking-page';

/** /matchmake: the Group and Tutoring tabs (spec §2). */
export default function MatchmakeRoute() {
  return <MatchmakingPage />;
}

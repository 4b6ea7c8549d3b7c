import { InterviewPage } from '../../features/assistants/components/interview-page';

export default function MatchmakingBotRoute() {
  return <InterviewPage />;
}

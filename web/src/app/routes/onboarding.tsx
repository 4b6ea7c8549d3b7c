import { OnboardingTour } from '../../features/onboarding/components/onboarding-tour';

export default function OnboardingRoute() {
  return <OnboardingTour />;
}

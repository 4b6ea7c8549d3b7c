import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { botConsentResponse, type BotConsentResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

/** GET /api/assistants/consent/: whether bots may read the user's messages. */
export function getBotConsent(): Promise<BotConsentResponse> {
  return checked.get('/api/assistants/consent/', botConsentResponse);
}

/** POST /api/assistants/consent/ */
export function setBotConsent(botsMayRead: boolean): Promise<BotConsentResponse> {
  return checked.post('/api/assistants/consent/', { bots_may_read: botsMayRead }, botConsentResponse);
}

export function useBotConsent() {
  return useQuery({ queryKey: assistantKeys.consent(), queryFn: getBotConsent, retry: false });
}

export function useSetBotConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBotConsent,
    onSuccess: (answer) => queryClient.setQueryData(assistantKeys.consent(), answer),
  });
}

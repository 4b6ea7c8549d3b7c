import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/config';
import { EndpointProvider } from './endpoint';
import { OfflineProvider } from './offline';
import type { AiProvider } from './provider';

/** The configured provider: the endpoint when AI_BASE_URL is set (with the offline engine behind it), else offline. */
export function createProvider(config: Config, log: FastifyBaseLogger): AiProvider {
  const offline = new OfflineProvider();
  const { baseUrl, apiKey, model, timeoutMs, cooldownMs } = config.ai;
  if (!baseUrl) return offline;
  log.info({ baseUrl, model }, 'assistants answer through an OpenAI-compatible endpoint');
  return new EndpointProvider({ baseUrl, apiKey, model, timeoutMs, cooldownMs }, offline, log);
}

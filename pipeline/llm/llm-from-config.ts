import type { Config } from '../../config.ts';
import { createLlmClient, type LlmClientOptions } from './create-llm-client.ts';
import type { LlmPort } from './llm-port.ts';

/** The configured LLM, or undefined when none is set and the local scorer and extractive summaries serve alone. */
export function llmFromConfig(config: Pick<Config, 'llm'>, options?: LlmClientOptions): LlmPort | undefined {
  return config.llm ? createLlmClient(config.llm, options) : undefined;
}

import { parseTemplate } from './template-engine';

/** Why a template cannot be used, or undefined when it parses. */
export function templateSyntaxProblem(source: string): string | undefined {
  if (!source.includes('{')) return undefined;
  try {
    parseTemplate(source);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}

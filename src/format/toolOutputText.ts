/**
 * A tool output as the model sees it, as text: a string output itself; a text part (`{ type:
 * 'text', text }`), the SDK's usual wrapping, its text; a list of content parts, their texts
 * joined (`[image]`, `[file]` for the others); anything else, as JSON.
 */
export function toolOutputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return output.map(partText).join('');
  if (isTextPart(output)) return output.text;
  return JSON.stringify(output) ?? String(output);
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (isTextPart(part)) return part.text;
  const type = (part as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? `[${type.replace(/^input_/, '')}]` : (JSON.stringify(part) ?? '');
}

function isTextPart(value: unknown): value is { text: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { type, text } = value as { type?: unknown; text?: unknown };
  return typeof text === 'string' && (type === 'text' || type === 'input_text' || type === 'output_text');
}

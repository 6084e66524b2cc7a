// Checks every callable payload before its schema runs (functions/src/lib/callable.ts):
// - keys that name an object's prototype (__proto__, constructor, prototype): firebase-functions' decoder
//   assigns `__proto__` as the prototype, so a declared field could be smuggled past a strict schema;
// - strings that are not well-formed UTF-16 (a lone surrogate): Firestore refuses them at the write, after
//   any provider call was already made and paid for;
// - nesting deeper than any contract uses.
// It reads the raw JSON body where there is one, since the decoded data no longer shows a __proto__ key.

export const MAX_PAYLOAD_DEPTH = 16;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: the
// pattern must see code units).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

export type PayloadProblem = 'forbidden-key' | 'ill-formed-text' | 'too-deep';

export function payloadProblem(value: unknown): PayloadProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return 'ill-formed-text';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_PAYLOAD_DEPTH) return 'too-deep';
    for (const key of Object.keys(current)) {
      if (FORBIDDEN_KEYS.has(key)) return 'forbidden-key';
      if (!isWellFormedText(key)) return 'ill-formed-text';
      stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return null;
}

export const payloadProblemMessages: Record<PayloadProblem, string> = {
  'forbidden-key': 'Invalid request',
  'ill-formed-text': 'Text contains characters that are not allowed',
  'too-deep': 'Invalid request',
};

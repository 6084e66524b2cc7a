import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_DEPTH, payloadProblem } from './payload-guard';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('payloadProblem', () => {
  it.each([
    [
      'an ordinary payload',
      { requestId: 'x', kind: 'image', input: { prompt: 'a fox', width: 1024, tags: ['a', 'b'] } },
      null,
    ],
    ['emoji and accents (well-formed surrogate pairs)', { text: 'Café 🦊 naïve' }, null],
    ['null, numbers and booleans', { a: null, b: 1, c: true }, null],
    [
      'a __proto__ key, as JSON.parse keeps it',
      JSON.parse('{"text":"hi","__proto__":{"page":"x"}}'),
      'forbidden-key',
    ],
    ['a constructor key deep inside', { input: { list: [{ constructor: {} }] } }, 'forbidden-key'],
    ['a prototype key', { prototype: 1 }, 'forbidden-key'],
    ['a lone high surrogate in a value', { text: 'hello \ud800' }, 'ill-formed-text'],
    ['a lone low surrogate inside an array', { tags: ['ok', '\udc00'] }, 'ill-formed-text'],
    ['a lone surrogate in a key', { ['k\ud800']: 1 }, 'ill-formed-text'],
    [`nesting at the limit (${MAX_PAYLOAD_DEPTH})`, nested(MAX_PAYLOAD_DEPTH), null],
    ['nesting past the limit', nested(MAX_PAYLOAD_DEPTH + 1), 'too-deep'],
    ['nesting 10,000 levels deep, without blowing the stack', nested(10_000), 'too-deep'],
  ])('%s', (_name, payload, problem) => {
    expect(payloadProblem(payload)).toBe(problem);
  });
});

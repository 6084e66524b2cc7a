import { describe, expect, it, vi } from 'vitest';
import { builtOnFirstCall } from './lazy';

interface Greeter {
  greet(name: string): Promise<string>;
  count(): Promise<number>;
}

describe('builtOnFirstCall', () => {
  it('loads nothing until a method is called, then loads once for every call', async () => {
    let calls = 0;
    const load = vi.fn(async (): Promise<Greeter> => ({
      greet: async (name) => `hello ${name}`,
      count: async () => ++calls,
    }));
    const greeter = builtOnFirstCall(load, ['greet', 'count']);
    expect(load).not.toHaveBeenCalled();
    await expect(
      Promise.all([greeter.greet('ada'), greeter.count(), greeter.count()]),
    ).resolves.toEqual(['hello ada', 1, 2]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps `this` of the real object', async () => {
    class Counter {
      n = 41;
      async next() {
        return ++this.n;
      }
    }
    const counter = builtOnFirstCall(async () => new Counter(), ['next']);
    await expect(counter.next()).resolves.toBe(42);
  });

  it('tries the load again after it failed', async () => {
    const load = vi
      .fn<() => Promise<Greeter>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue({ greet: async () => 'hi', count: async () => 0 });
    const greeter = builtOnFirstCall(load, ['greet']);
    await expect(greeter.greet('x')).rejects.toThrow('chunk missing');
    await expect(greeter.greet('x')).resolves.toBe('hi');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

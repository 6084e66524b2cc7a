const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, s: string) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);

export const say = {
  step: (s: string) => console.log(paint(36, `▸ ${s}`)),
  ok: (s: string) => console.log(paint(32, `✔ ${s}`)),
  warn: (s: string) => console.log(paint(33, `! ${s}`)),
  fail: (s: string) => console.log(paint(31, `✖ ${s}`)),
  plain: (s: string) => console.log(s),
  bold: (s: string) => paint(1, s),
};

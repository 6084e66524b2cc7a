// Which dev stack this is. MUSE_DEV_PORT_SHIFT (a multiple of 1000 from 20000 to 50000; the test
// stack's ports sit at +10000..+17000) moves every port of `npm start` and gives it its own project id,
// pid files, logs and data (`dev-<shift>`), so a second dev stack (the stack test, or another
// checkout) can run beside the first without touching it.
import { DEMO_PROJECT_IDS, emulatorPortSets } from '../../core/firebase/config';

export function parseDevPortShift(raw: string | undefined): number {
  if (raw === undefined || raw === '' || raw === '0') return 0;
  const shift = Number(raw);
  if (!Number.isInteger(shift) || shift % 1000 !== 0 || shift < 20_000 || shift > 50_000) {
    throw new Error(
      `MUSE_DEV_PORT_SHIFT must be a multiple of 1000 from 20000 to 50000 (got "${raw}")`,
    );
  }
  return shift;
}

export const devPortShift = parseDevPortShift(process.env.MUSE_DEV_PORT_SHIFT);

const shifted = <T extends Record<string, number>>(ports: T, by: number): T =>
  Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + by])) as T;

/** The emulator ports of each stack (the test stack's already carry MUSE_TEST_PORT_SHIFT). */
export const stackPorts = {
  dev: shifted(emulatorPortSets.dev, devPortShift),
  test: emulatorPortSets.test,
};

/** The name of each stack's pid files, logs, data and generated config. */
export const stackIds = {
  dev: devPortShift ? `dev-${devPortShift}` : 'dev',
  test: 'test',
} as const;

/** A shifted dev stack has a project of its own: the functions read functions/.env.<project>, which each stack writes. */
export const stackProjectIds = {
  dev: devPortShift ? `${DEMO_PROJECT_IDS.dev}-${devPortShift}` : DEMO_PROJECT_IDS.dev,
  test: DEMO_PROJECT_IDS.test,
};

import { createServer } from 'node:http';
import type { ScheduleDriver } from './schedules';

export interface ScheduleControl {
  origin: string;
  close: () => Promise<void>;
}

/**
 * A tiny HTTP face of the schedule driver on 127.0.0.1, so suites in other processes run a schedule now
 * instead of waiting for its interval:
 *   GET  /schedules            -> {schedules: [{name, schedule, everyMs}]}
 *   POST /run[?name=<function>][&at=<ISO instant>] -> {runs: [ScheduleRun]} once the runs have finished
 *     (404: unknown name). `at` is sent as Cloud Scheduler's schedule time: the social sweep treats it as
 *     its clock in the emulator, so a test publishes a post "two minutes later" without waiting.
 */
export function startScheduleControl(
  driver: ScheduleDriver,
  port: number,
  host = '127.0.0.1',
): Promise<ScheduleControl> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/schedules') {
      reply(200, {
        schedules: driver.functions.map((f) => ({
          name: f.name,
          schedule: f.schedule,
          everyMs: f.everyMs,
        })),
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/run') {
      const name = url.searchParams.get('name') ?? undefined;
      const rawAt = url.searchParams.get('at');
      const at = rawAt === null ? undefined : new Date(rawAt);
      if (at && Number.isNaN(at.getTime())) {
        reply(400, { error: 'at must be an ISO instant' });
        return;
      }
      driver.runNow(name, at).then(
        (runs) => reply(200, { runs }),
        (error: unknown) =>
          reply(404, { error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    reply(404, { error: 'GET /schedules or POST /run[?name=<function>][&at=<ISO instant>]' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        origin: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

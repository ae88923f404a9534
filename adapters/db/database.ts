// Opens the database: embedded PGlite under DATA_DIR when DATABASE_URL is unset, PostgreSQL through `pg` otherwise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// bigint (count(*), sums) arrives as a string from pg and a number from PGlite: make both numbers.
// Our integers are centavos and counts, far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
// numeric (ratings, coordinates) as numbers too.
pg.types.setTypeParser(1700, (v: string) => Number.parseFloat(v));
// date stays the calendar date it is ('2026-11-21'), never a Date at some time zone's midnight.
pg.types.setTypeParser(1082, (v: string) => v);
const PGLITE_PARSERS = { 1082: (v: string) => v, 1700: (v: string) => Number.parseFloat(v) };

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly knex: Knex;
  readonly kind: DatabaseKind;
  /** Checks the database answers (used by GET /api/health). */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload, delivered at the notifier's commit. PostgreSQL uses
   * one dedicated connection (reconnected after a drop, `onReconnect` then told: events may have been missed);
   * PGlite its own listener. Returns the unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as an uncompressed tarball (PGlite's own dump); undefined on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; undefined means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined (with no url) means an in-memory database. */
  pgliteDir?: string | undefined;
  /** A PGlite data-directory dump (`dumpDataDir`) to start from instead of an empty cluster: skips initdb. */
  pgliteSnapshot?: Blob | undefined;
  poolMax?: number;
  searchPath?: string;
  /** PostgreSQL's `application_name` for this process's sessions (pg_stat_activity tells the processes apart). */
  applicationName?: string;
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined) {
  const [{ PGlite }, { citext }, { pg_trgm }, { unaccent }, { cube }, { earthdistance }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/citext'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
  ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Extensions must be handed over at creation; CREATE EXTENSION in a migration then works on both engines.
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    extensions: { citext, pg_trgm, unaccent, cube, earthdistance },
    parsers: PGLITE_PARSERS,
  });
  return pglite;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let knex: Knex;
  let kind: DatabaseKind;
  let listen: Database['listen'];
  let closeListeners = async () => {};
  let dumpDataDir: Database['dumpDataDir'];
  if (options.url) {
    kind = 'postgres';
    knex = knexFactory({
      client: 'pg',
      connection: options.applicationName ? { connectionString: options.url, application_name: options.applicationName } : options.url,
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
      ...(options.searchPath ? { searchPath: [options.searchPath] } : {}),
    });
    const url = options.url;
    const listeners = new Set<pg.Client>();
    let closed = false;
    closeListeners = async () => {
      closed = true;
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      listeners.clear();
    };
    listen = async (channel, onPayload, onReconnect) => {
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url, ...(options.applicationName ? { application_name: options.applicationName } : {}) });
        let live = false;
        c.on('notification', (msg) => {
          if (msg.channel === channel) onPayload(msg.payload ?? '');
        });
        c.on('error', () => {}); // a dropped connection also ends: handled below
        c.on('end', () => {
          listeners.delete(c);
          if (live && !stopped && !closed) retry();
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          await c.end().catch(() => {});
          throw err;
        }
        live = true;
        listeners.add(c);
        client = c;
      };
      const retry = () => {
        setTimeout(() => {
          if (stopped || closed) return;
          connect().then(() => onReconnect?.(), retry);
        }, 1_000).unref();
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    };
  } else {
    kind = 'pglite';
    const pglite = await openPglite(options.pgliteDir, options.pgliteSnapshot);
    const { default: ClientPgLite } = await import('knex-pglite');
    // knex-pglite names the command after knex's method, and knex calls a delete 'del': the pg dialect then returns
    // the raw result instead of the row count it returns on PostgreSQL. Named 'delete', both engines agree.
    type ProcessResponse = (obj: { method?: string }, runner: unknown) => unknown;
    const base = (ClientPgLite.prototype as unknown as { processResponse: ProcessResponse }).processResponse;
    class PgliteClient extends ClientPgLite {}
    (PgliteClient.prototype as unknown as { processResponse: ProcessResponse }).processResponse = function (this: unknown, obj, runner) {
      return base.call(this, obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner);
    };
    knex = knexFactory({
      client: PgliteClient as unknown as typeof knexFactory.Client,
      dialect: 'postgres',
      connection: () => ({ pglite }) as object,
      // One connection: a query that bypasses the open transaction waits for it; fail loudly, not forever.
      acquireConnectionTimeout: 15_000,
    } as Knex.Config);
    listen = async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    };
    dumpDataDir = () => pglite.dumpDataDir('none');
  }
  return {
    knex,
    kind,
    async ping() {
      await knex.raw('select 1');
    },
    listen,
    ...(dumpDataDir ? { dumpDataDir } : {}),
    async close() {
      await closeListeners();
      await knex.destroy();
    },
  };
}

/** Where the embedded database lives inside DATA_DIR. */
export const pgliteDirFor = (dataDir: string) => join(dataDir, 'pglite');

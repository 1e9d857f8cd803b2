/**
 * The local API benchmark's ceiling: a bare node HTTP server that answers
 * every request by running one statement through `pg` (a pool of 10, as the
 * Data API emulator keeps) and writing its rows as JSON. No gateway, no
 * authorizer, no Lambda, no Data API: what one machine does at best with the
 * same SQL. Run as a child process by local-api.ts: argv is the database URL
 * and the statement as JSON (`{ text, values, types }`); it prints its port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const [databaseUrl, statementJson] = process.argv.slice(2);
if (!databaseUrl || !statementJson)
  throw new Error('usage: bare-server <database url> <statement>');
const statement = JSON.parse(statementJson) as { text: string; values: unknown[]; types: number[] };

const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 10,
  options: '-c TimeZone=UTC -c DateStyle=ISO,MDY',
});
const query = {
  name: 'bench-list',
  text: statement.text,
  values: statement.values,
  // The parameter types the emulator sends in its Parse message, so both plan alike.
  types: Object.assign(statement.types.slice(), { getTypeParser: pg.types.getTypeParser }),
};

const server = createServer((req, res) => {
  req.resume();
  pool.query(query as pg.QueryConfig).then(
    (result) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result.rows));
    },
    (error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

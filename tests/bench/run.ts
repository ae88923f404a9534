// `npm run bench`: HTTP throughput and p99 of the real server against a bare Koa route in the same run, then the
// group, marketplace and nearby-professional benchmarks. Uses PostgreSQL when DATABASE_URL is set (a fresh database), else embedded
// PGlite. Loopback only; the servers run in a child process, the load generator here (see http-servers.ts).
import { benchGroups } from './groups.bench';
import { benchMarketplace } from './marketplace.bench';
import { benchCatalogueScale } from './catalogue-scale.bench';
import { benchProfessionals } from './professionals.bench';
import { benchColdStart, benchTracingOverhead } from './production.bench';
import { CONNECTIONS, DURATION, ROUNDS, compareToBare, startBenchServers } from './http-servers';

async function main() {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const servers = await startBenchServers();
  const rows = [];
  try {
    for (const path of ['/api/health', '/api/plans']) rows.push(await compareToBare(servers, `GET ${path}`, `${servers.appUrl}${path}`));
  } finally {
    await servers.close();
  }
  console.log(`\nTurma HTTP benchmark — ${engine}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s against bare Koa, medians`);
  console.table(rows);

  await benchGroups();
  await benchMarketplace();
  await benchCatalogueScale();
  await benchProfessionals();
  await benchColdStart();
  await benchTracingOverhead();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

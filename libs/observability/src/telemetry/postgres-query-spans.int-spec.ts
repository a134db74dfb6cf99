import { randomBytes } from 'node:crypto';
import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Client, Pool } from 'pg';
import { traceQueriesOf } from './postgres-query-spans';

describe(traceQueriesOf.name, () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('test');
  let databaseUrl: string;
  let client: Client;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    traceQueriesOf(Client);
    databaseUrl = await createDatabase();
    client = new Client({ connectionString: databaseUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await dropDatabase(databaseUrl);
    trace.disable();
    context.disable();
  });

  afterEach(() => exporter.reset());

  /** Runs `work` inside a recorded operation span; answers the finished spans of its trace. */
  async function inOperation(work: () => Promise<unknown>) {
    const operation = tracer.startSpan('sends.accepted process');
    await context.with(trace.setSpan(context.active(), operation), work);
    operation.end();
    const spans = exporter.getFinishedSpans();
    return { operation, queries: spans.filter((s) => s.name.startsWith('pg.query:')) };
  }

  it('traces a query inside a recorded operation as a client span of that operation', async () => {
    const { operation, queries } = await inOperation(() =>
      client.query('  select $1::int AS answer', [42]),
    );

    const databaseName = new URL(databaseUrl).pathname.slice(1);
    expect(queries).toHaveLength(1);
    const [query] = queries;
    expect(query?.name).toBe(`pg.query:SELECT ${databaseName}`);
    expect(query?.kind).toBe(SpanKind.CLIENT);
    expect(query?.parentSpanContext?.spanId).toBe(operation.spanContext().spanId);
    expect(query?.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.namespace': databaseName,
      'db.operation.name': 'SELECT',
      'db.query.text': '  select $1::int AS answer',
      'server.address': new URL(databaseUrl).hostname,
      'server.port': Number(new URL(databaseUrl).port || 5432),
    });
    expect(query?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a failed query failed, with its message, and still rejects', async () => {
    let rejected: unknown;
    const { queries } = await inOperation(() =>
      client
        .query('SELECT * FROM clarion_no_such_table')
        .catch((error: unknown) => (rejected = error)),
    );

    expect(rejected).toBeInstanceOf(Error);
    expect(queries[0]?.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'relation "clarion_no_such_table" does not exist',
    });
    expect(queries[0]?.events.map((e) => e.name)).toEqual(['exception']);
  });

  it('traces the callback form (pool.query) and runs the callback in the caller context', async () => {
    const pool = new Pool({ connectionString: databaseUrl, max: 1 });
    let activeInCallback: string | undefined;
    const { operation, queries } = await inOperation(
      () =>
        new Promise<void>((resolve) =>
          pool.query('INSERT INTO clarion_no_such_table VALUES (1)', [], () => {
            activeInCallback = trace.getSpan(context.active())?.spanContext().spanId;
            resolve();
          }),
        ),
    );
    await pool.end();

    expect(queries.map((q) => q.attributes['db.operation.name'])).toEqual(['INSERT']);
    expect(queries[0]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(activeInCallback).toBe(operation.spanContext().spanId);
  });

  it('makes no span outside an operation, nor inside one the sampler left out', async () => {
    await client.query('SELECT 1');
    const unsampled = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });
    const rows = await context.with(unsampled, () => client.query('SELECT 2 AS two'));

    expect(rows.rows).toEqual([{ two: 2 }]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('patches a client class once, however often it is asked', async () => {
    traceQueriesOf(Client);
    const { queries } = await inOperation(() => client.query('SELECT 1'));

    expect(queries).toHaveLength(1);
  });
});

/** A fresh database on the test PostgreSQL (DATABASE_URL names its server). */
async function createDatabase(): Promise<string> {
  const base = process.env['DATABASE_URL'];
  if (!base) throw new Error('DATABASE_URL is not set; run the tests with npm test');
  const url = new URL(base);
  url.pathname = `/clarion_test_query_spans_${randomBytes(6).toString('hex')}`;
  await onServer(base, `CREATE DATABASE ${url.pathname.slice(1)}`);
  return url.toString();
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  await onServer(
    databaseUrl,
    `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
  );
}

/** Runs one statement on the server's maintenance database. */
async function onServer(anyDatabaseUrl: string, statement: string): Promise<void> {
  const maintenance = new URL(anyDatabaseUrl);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

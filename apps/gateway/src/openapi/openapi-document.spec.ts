import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  SchemaObject,
} from '@nestjs/swagger';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { loadEnv, regionDirectoryOf } from '@clarion/config';
import * as contracts from '@clarion/contracts';
import { contractValidationPipe } from '../errors/validation-pipe';
import { DefaultTemplateSelectionDto } from '../notification-types/default-template-selection.dto';
import { GatewayEnv } from '../gateway.env';
import { GatewayModule } from '../gateway.module';
import { createOpenApiDocument } from './create-openapi-document';
import { operationsOf } from './operations-of';

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer?: string;
}

function lintWithRedocly(document: OpenAPIObject): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const lint = execFile(
      process.execPath,
      [join(__dirname, 'lint-with-redocly.mjs')],
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout)),
    );
    lint.stdin?.end(JSON.stringify(document));
  });
}

const isReference = (object: object): object is ReferenceObject => '$ref' in object;

const DTOS: Record<string, unknown> = { ...contracts, DefaultTemplateSelectionDto };

/** The DTO a request body schema was made from (they share their name); none for an inline one. */
function dtoOf(schema: SchemaObject | ReferenceObject | undefined): Type | undefined {
  if (schema === undefined || !isReference(schema)) return undefined;
  const name = schema.$ref.split('/').pop() ?? '';
  const dto = DTOS[name];
  if (typeof dto !== 'function') throw new Error(`No DTO is named ${name}`);
  return dto as Type;
}

const labelOf = (path: string, operation: OperationObject) =>
  `${operation.operationId ?? '?'} ${path}`;

describe('the OpenAPI document of the gateway', () => {
  const PUBLIC_URL = 'https://api.eu.acme.test';
  const CLARION_REGION_URLS = 'us=https://api.acme.test,ca=https://api.ca.acme.test';
  let document: OpenAPIObject;

  beforeAll(async () => {
    const env = loadEnv(GatewayEnv, { PUBLIC_URL, CLARION_REGION: 'eu', CLARION_REGION_URLS });
    // Preview mode registers the controllers without creating providers: no NATS connection.
    const app = await NestFactory.create(GatewayModule.forRoot(env), new FastifyAdapter(), {
      preview: true,
      logger: false,
    });
    document = createOpenApiDocument(app, regionDirectoryOf(env));
    await app.close();
  });

  it('passes redocly lint with the recommended rules, without errors or warnings', async () => {
    expect(await lintWithRedocly(document)).toEqual([]);
  }, 30_000);

  it('lists the gateway at its PUBLIC_URL first, naming its region, then the other regions', () => {
    expect(document.servers).toEqual([
      { url: PUBLIC_URL, description: expect.stringMatching(/this gateway.*region eu/i) },
      { url: 'https://api.acme.test', description: expect.stringContaining('Region us') },
      { url: 'https://api.ca.acme.test', description: expect.stringContaining('Region ca') },
    ]);
  });

  it('declares Idempotency-Key once, optional, on the sends', () => {
    for (const path of ['/send', '/sms', '/email']) {
      const parameters = (document.paths[path]?.post?.parameters ?? []) as ParameterObject[];
      const idempotencyKeys = parameters.filter((p) => /^idempotency-key$/i.test(p.name));
      expect(idempotencyKeys).toEqual([
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      ]);
    }
  });

  it('declares every parameter of every path template', () => {
    for (const { path, operation } of operationsOf(document)) {
      const declared = (operation.parameters ?? [])
        .filter((p): p is ParameterObject => !isReference(p) && p.in === 'path')
        .map((p) => p.name)
        .sort();
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      expect({ operation: labelOf(path, operation), declared }).toEqual({
        operation: labelOf(path, operation),
        declared: templated,
      });
    }
  });

  it('answers every error of an authenticated operation with the error envelope', () => {
    const envelope = contracts.ErrorResponseDto.name;
    expect(document.components?.schemas?.[envelope]).toMatchObject({
      required: ['trackingId', 'error'],
    });
    for (const { path, operation } of operationsOf(document)) {
      if ((operation.security ?? []).length === 0) continue;
      const statuses = Object.keys(operation.responses);
      expect({ operation: labelOf(path, operation), statuses }).toEqual({
        operation: labelOf(path, operation),
        statuses: expect.arrayContaining(['401', '403', '421', '429', '503']),
      });
    }
    const responses = document.components?.responses ?? {};
    for (const [name, response] of Object.entries(responses)) {
      expect({ name, response }).toMatchObject({
        name,
        response: {
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${envelope}` } } },
        },
      });
    }
  });

  it('documents 421 WRONG_REGION with a fix naming the right base URL', () => {
    expect(document.components?.responses?.['MisdirectedRequest']).toMatchObject({
      content: {
        'application/json': {
          example: {
            error: {
              code: contracts.ErrorCode.WRONG_REGION,
              fix: expect.stringMatching(/^Send the request to https:\/\//),
            },
          },
        },
      },
    });
  });

  it('tells when to retry a 429, 503 or 504 with Retry-After', () => {
    const responses = document.components?.responses ?? {};
    for (const name of ['TooManyRequests', 'ServiceUnavailable', 'GatewayTimeout']) {
      expect(responses[name]).toMatchObject({
        headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      });
    }
  });

  it('documents 404 for an id in the path and 400 for a body', () => {
    const send = document.paths['/send']?.post;
    const getUser = document.paths['/users/{userId}']?.get;
    expect(Object.keys(send?.responses ?? {})).toEqual(expect.arrayContaining(['400', '413']));
    expect(Object.keys(getUser?.responses ?? {})).toEqual(expect.arrayContaining(['400', '404']));
  });

  it('gives every request body a non-empty example the gateway validation accepts', async () => {
    const refused: string[] = [];
    for (const { path, operation } of operationsOf(document)) {
      const json = (operation.requestBody as RequestBodyObject | undefined)?.content[
        'application/json'
      ];
      if (json === undefined) continue;
      const label = labelOf(path, operation);
      const example: unknown = json.example;
      if (typeof example !== 'object' || example === null || Object.keys(example).length === 0) {
        refused.push(`${label}: no example`);
        continue;
      }
      const dto = dtoOf(json.schema);
      if (dto === undefined) continue;
      await contractValidationPipe()
        .transform(structuredClone(example), { type: 'body', metatype: dto })
        .catch((error: Error) => refused.push(`${label}: ${error.message}`));
    }
    expect(refused).toEqual([]);
  });
});

import { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { regionDirectoryOf } from '@clarion/config';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { createOpenApiDocument } from './create-openapi-document';

/**
 * The OpenAPI 3 document at /openapi.json and a browsable UI at /docs, built from the DTOs, with
 * this gateway at `publicUrl` and the other regions (CLARION_REGION_URLS) as its servers. The
 * document is built when first asked for, not at startup: most gateways are never asked, and
 * building it kept some 20 MiB more resident in every idle one.
 */
export function setupOpenApi(app: INestApplication, publicUrl: string): void {
  const env = app.get<GatewayEnv>(GATEWAY_ENV);
  const regions = regionDirectoryOf({ ...env, PUBLIC_URL: publicUrl });
  SwaggerModule.setup('docs', app, () => createOpenApiDocument(app, regions), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}

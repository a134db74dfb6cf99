import { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { createOpenApiDocument } from './create-openapi-document';

/** The OpenAPI 3 document at /openapi.json and a browsable UI at /docs, built from the DTOs. */
export function setupOpenApi(app: INestApplication, publicUrl: string): void {
  SwaggerModule.setup('docs', app, createOpenApiDocument(app, publicUrl), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}

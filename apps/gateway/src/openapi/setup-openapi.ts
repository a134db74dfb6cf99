import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** The OpenAPI 3 document at /openapi.json and a browsable UI at /docs, built from the DTOs. */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Clarion')
    .setDescription('Self-hostable multi-channel notification service.')
    .setVersion('0.1.0')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'API key (clarion_sk_…)' },
      'apiKey',
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'Member session (clarion_st_…)' },
      'memberSession',
    )
    .addBasicAuth(
      { type: 'http', scheme: 'basic', description: 'clientId:clientSecret' },
      'clientCredentials',
    )
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'clientId:userId:hmac' }, 'endUser')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}

import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { RegionDirectory } from '@clarion/config';
import { ErrorResponseDto } from '@clarion/contracts';
import { declarePublicOperations } from './declare-public-operations';
import { documentErrorResponses } from './document-error-responses';
import { exampleRequestBodies } from './example-request-bodies';

/**
 * The OpenAPI 3 document of the gateway, built once at startup from the controllers and DTOs,
 * then completed with what decorators cannot say once for all operations. Its servers are this
 * gateway, then the other regions' (an account's requests go to the region it was created in).
 */
export function createOpenApiDocument(
  app: INestApplication,
  regions: RegionDirectory,
): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Clarion')
    .setDescription('Self-hostable multi-channel notification service.')
    .setVersion('0.1.0')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
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
    .addBasicAuth(
      { type: 'http', scheme: 'basic', description: 'clientId:userId:hmac' },
      'endUser',
    );
  const [here, ...others] = regions.regions;
  if (here) builder.addServer(here.baseUrl, `This gateway: region ${here.region}`);
  for (const other of others) {
    builder.addServer(other.baseUrl, `Region ${other.region}, for accounts created there`);
  }
  const config = builder.build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorResponseDto] });
  declarePublicOperations(document);
  documentErrorResponses(document);
  exampleRequestBodies(document);
  return document;
}

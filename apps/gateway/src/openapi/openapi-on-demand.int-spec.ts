import { SwaggerModule } from '@nestjs/swagger';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';

describe('the OpenAPI document, built when first asked for', () => {
  const namespace = createTestNamespace();
  const createDocument = jest.spyOn(SwaggerModule, 'createDocument');
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await startGateway(namespace);
  });

  afterAll(async () => {
    await gateway.close();
    createDocument.mockRestore();
    await dropTestNamespace(namespace);
  });

  it('is not built while the gateway starts', () => {
    expect(createDocument).not.toHaveBeenCalled();
  });

  it('is built by the first request for it and kept for the next, in each form', async () => {
    const json = await gateway.inject({ method: 'GET', url: '/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    const yaml = await gateway.inject({ method: 'GET', url: '/openapi.yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toMatch(/^openapi: 3\./m);
    const ui = await gateway.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(createDocument).toHaveBeenCalledTimes(1);
  });
});

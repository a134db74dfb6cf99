import Fastify, { FastifyInstance } from 'fastify';
import { jsonOrNoBody } from './json-body-parser';

describe(jsonOrNoBody.name, () => {
  let sut: FastifyInstance;

  beforeAll(async () => {
    sut = Fastify();
    sut.removeContentTypeParser(['application/json']);
    sut.addContentTypeParser('application/json', { parseAs: 'string' }, jsonOrNoBody(sut));
    sut.delete('/echo', (request) => ({ body: request.body ?? 'none' }));
    await sut.ready();
  });

  afterAll(() => sut.close());

  const echo = (payload: string, contentType = 'application/json') =>
    sut.inject({
      method: 'DELETE',
      url: '/echo',
      headers: { 'content-type': contentType },
      payload,
    });

  it('hands an empty body on as no body', async () => {
    const response = await echo('');
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { body: 'none' },
    });
  });

  it('parses a JSON body, with or without a charset', async () => {
    expect((await echo('{"a":[1]}')).json()).toEqual({ body: { a: [1] } });
    expect((await echo('{"a":2}', 'application/json; charset=utf-8')).json()).toEqual({
      body: { a: 2 },
    });
  });

  it('refuses a malformed or prototype-poisoning body as Fastify does', async () => {
    for (const payload of ['{"a":', ' ', '{"__proto__":{"x":1}}']) {
      const response = await echo(payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    }
    expect((await echo('{"a":')).json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
  });
});

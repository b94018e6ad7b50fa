import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { JsonText } from './json-text';
import { responseSerializerCompiler, type ResponseContractMode } from './response-contract';

const schema = z.object({ name: z.string(), count: z.int() }).strict();

function serializerFor(mode: ResponseContractMode) {
  const warn = vi.fn();
  const log = { warn } as unknown as FastifyBaseLogger;
  const serialize = responseSerializerCompiler(mode, log)({ schema, method: 'GET', url: '/api/things/:id', httpStatus: '200' });
  return { serialize, warn };
}

describe('the response serializer', () => {
  it('sends an answer that matches its schema as JSON', () => {
    expect(serializerFor('enforce').serialize({ name: 'Sunday Run', count: 3 })).toBe('{"name":"Sunday Run","count":3}');
  });

  it('in production sends a mismatching answer unchanged, every field kept, and logs the mismatch once without its values', () => {
    const { serialize, warn } = serializerFor('log');
    const answer = { name: 'Sunday Run', count: 'three', secret: 'private text' };
    expect(JSON.parse(serialize(answer))).toEqual(answer);
    serialize(answer);
    expect(warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warn.mock.calls[0]);
    expect(logged).toContain('GET /api/things/:id (200)');
    expect(logged).toContain('count');
    expect(logged).not.toContain('private text');
  });

  it('in the tests fails the answer that does not match', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => serializerFor('enforce').serialize({ name: 'Sunday Run', count: 3, extra: true })).toThrow(/answered outside its schema/);
  });

  it('in production sends pre-serialized JSON text as it is, without parsing it', () => {
    const { serialize, warn } = serializerFor('log');
    expect(serialize(new JsonText('{"name":"not checked"'))).toBe('{"name":"not checked"');
    expect(warn).not.toHaveBeenCalled();
  });

  it('in the tests parses pre-serialized JSON text and checks it against the schema', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { serialize } = serializerFor('enforce');
    expect(serialize(new JsonText('{"name":"ok","count":1}'))).toBe('{"name":"ok","count":1}');
    expect(() => serialize(new JsonText('{"name":"ok"}'))).toThrow(/answered outside its schema/);
  });
});

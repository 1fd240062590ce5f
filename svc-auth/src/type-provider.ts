import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

/** Same as `@fastify/type-provider-typebox`'s (a type only; that package is a dependency of service-kit, not hoisted). */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

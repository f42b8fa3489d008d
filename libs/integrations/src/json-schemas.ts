import { z } from 'zod';
import { PUBLIC_EVENT_SCHEMAS, PUBLIC_EVENT_TYPES, publicEnvelopeSchema, publicEventSchema } from '@tabour/contracts';

/** The name of one public type at one version, e.g. PublicEvent_ticket.called_v1 (an OpenAPI component). */
export const schemaName = (type: string, version: number) => `PublicEvent_${type}_v${version}`;

const toJson = (schema: z.ZodType): Record<string, unknown> => z.toJSONSchema(schema, { target: 'draft-2020-12' }) as Record<string, unknown>;

/** Every public type at every version, as JSON Schema (draft 2020-12), from the contract's zod schemas. */
export function publicEventJsonSchemas(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const type of PUBLIC_EVENT_TYPES)
    for (const version of Object.keys(PUBLIC_EVENT_SCHEMAS[type]).map(Number)) out[schemaName(type, version)] = toJson(publicEventSchema(type, version));
  return out;
}

/**
 * The files of docs/integrations/schemas (npm run schemas): `<type>.v<version>.json` for each
 * type and version, `envelope.json` for what every event shares, and `index.json` listing them.
 * Written from the contract alone, so a test can tell when the checked-in copies are stale.
 */
export function publicSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const index: { type: string; version: number; file: string }[] = [];
  for (const type of PUBLIC_EVENT_TYPES)
    for (const version of Object.keys(PUBLIC_EVENT_SCHEMAS[type]).map(Number)) {
      const file = `${type}.v${version}.json`;
      const { $schema, ...rest } = toJson(publicEventSchema(type, version));
      const schema = { $schema, $id: `https://tabour.app/schemas/events/${file}`, title: `${type} v${version}`, ...rest };
      files[file] = `${JSON.stringify(schema, null, 2)}\n`;
      index.push({ type, version, file });
    }
  const { $schema, ...envelope } = toJson(publicEnvelopeSchema);
  files['envelope.json'] =
    `${JSON.stringify({ $schema, $id: 'https://tabour.app/schemas/events/envelope.json', title: 'public event envelope', ...envelope }, null, 2)}\n`;
  files['index.json'] = `${JSON.stringify({ events: index }, null, 2)}\n`;
  return files;
}

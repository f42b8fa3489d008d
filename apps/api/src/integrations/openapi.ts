import type { OpenAPIObject } from '@nestjs/swagger';
import { publicEventJsonSchemas } from '@tabour/integrations';

/**
 * The public events in the OpenAPI document: a component per type and version (OpenAPI 3.1
 * reads JSON Schema 2020-12; the $schema keyword is left out as components do not carry it).
 */
export function addPublicEventSchemas(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  for (const [name, schema] of Object.entries(publicEventJsonSchemas())) {
    const { $schema: _drop, ...rest } = schema;
    document.components.schemas[name] = rest as never;
  }
  return document;
}

import type { INestApplication } from '@nestjs/common';
import type { Actor } from '@tabour/eventstore';
import { resourceDecider, resourceStream, type ResourceFields } from '@tabour/resources';
import { Commands } from '../common/commands';
import { DEMO } from '../common/demo';
import { DEMO_DEPARTMENTS } from '../organisation/organisation.seed';

const id = (suffix: string) => `00000000-0000-4000-8000-${suffix.padStart(12, '0')}`;

export const DEMO_RESOURCES = { consultation: id('7e01'), dentalChair: id('7e02'), xray: id('7e03') };

const RESOURCES: [string, ResourceFields][] = [
  [DEMO_RESOURCES.consultation, { name: 'Consultation room 1', kind: 'room', capacity: 1, department_ids: [DEMO_DEPARTMENTS.general], active: true }],
  [DEMO_RESOURCES.dentalChair, { name: 'Dental chair', kind: 'equipment', capacity: 1, department_ids: [DEMO_DEPARTMENTS.dental], active: true }],
  [DEMO_RESOURCES.xray, { name: 'X-ray room', kind: 'room', capacity: 2, department_ids: [], active: true }],
];

/**
 * The demo clinic's rooms and equipment (docs/resources.md), after its departments. A retried
 * create of the same id records nothing, so a second run leaves them as they are.
 */
export async function seedResourcesDemo(app: INestApplication): Promise<void> {
  const commands = app.get(Commands);
  const tenantId = DEMO.businessId;
  const actor: Actor = { type: 'system', name: 'demo seed' };
  for (const [resourceId, fields] of RESOURCES) {
    await commands.run(
      resourceDecider,
      resourceStream(resourceId),
      { type: 'CreateResource', resource_id: resourceId, business_id: tenantId, fields, known_department_ids: fields.department_ids },
      { tenantId, actor },
    );
  }
}

import type { INestApplication } from '@nestjs/common';
import {
  businessDecider,
  BusinessRegisteredOrigin,
  businessStream,
  departmentDecider,
  DepartmentFields,
  departmentStream,
  serviceDecider,
  ServiceFields,
  serviceStream,
  WEEKDAYS,
  WorkingDays,
} from '@tabour/organisation';
import { Actor } from '@tabour/eventstore';
import { StaffAccounts } from '../common/staff-accounts';
import { DEMO, DEMO_PASSWORD } from '../common/demo';
import { Commands } from '../common/commands';
import { OrganisationQueries } from './queries';
import { TeamService } from './team.service';

const id = (suffix: string) => `00000000-0000-4000-8000-${suffix.padStart(12, '0')}`;

export const DEMO_DEPARTMENTS = { general: id('de01'), dental: id('de02') };
export const DEMO_SERVICES = {
  consultation: id('5e01'),
  followUp: id('5e02'),
  vaccination: id('5e03'),
  labResults: id('5e04'),
  dentalCheckup: id('5e05'),
  scaling: id('5e06'),
  filling: id('5e07'),
};

const DEMO_WEEK: WorkingDays = WEEKDAYS.map((day) => {
  if (day === 'sunday') return { day, open: false, ranges: [] };
  if (day === 'saturday') return { day, open: true, ranges: [{ from: '08:00', to: '12:00' }] };
  return { day, open: true, ranges: [{ from: '08:00', to: '17:00' }] };
});

const SERVICES: [string, ServiceFields][] = [
  [DEMO_SERVICES.consultation, { name: 'General consultation', price: 30, duration_seconds: 20 * 60, category: 'Medicine', parent_id: null }],
  [DEMO_SERVICES.followUp, { name: 'Follow-up visit', price: 15, duration_seconds: 10 * 60, category: 'Medicine', parent_id: DEMO_SERVICES.consultation }],
  [DEMO_SERVICES.vaccination, { name: 'Vaccination', price: 25, duration_seconds: 10 * 60, category: 'Medicine', parent_id: null }],
  [DEMO_SERVICES.labResults, { name: 'Lab results pickup', price: 0, duration_seconds: 5 * 60, category: 'Administration', parent_id: null }],
  [DEMO_SERVICES.dentalCheckup, { name: 'Dental check-up', price: 40, duration_seconds: 30 * 60, category: 'Dental', parent_id: null }],
  [DEMO_SERVICES.scaling, { name: 'Scaling and cleaning', price: 60, duration_seconds: 45 * 60, category: 'Dental', parent_id: DEMO_SERVICES.dentalCheckup }],
  [DEMO_SERVICES.filling, { name: 'Tooth filling', price: 80, duration_seconds: 40 * 60, category: 'Dental', parent_id: DEMO_SERVICES.dentalCheckup }],
];

const DEPARTMENTS: [string, Partial<DepartmentFields>, Record<string, { name: string }>][] = [
  [
    DEMO_DEPARTMENTS.general,
    {
      name: 'General Medicine',
      primary_color: '#1565c0',
      secondary_color: '#e3f2fd',
      text_color: '#ffffff',
      service_ids: [DEMO_SERVICES.consultation, DEMO_SERVICES.followUp, DEMO_SERVICES.vaccination, DEMO_SERVICES.labResults],
      slot_duration: 20,
      max_bookings_per_slot: 2,
      max_daily_bookings: 60,
    },
    { fr: { name: 'Médecine générale' }, ar: { name: 'الطب العام' } },
  ],
  [
    DEMO_DEPARTMENTS.dental,
    {
      name: 'Dental Care',
      primary_color: '#00897b',
      secondary_color: '#e0f2f1',
      text_color: '#ffffff',
      service_ids: [DEMO_SERVICES.dentalCheckup, DEMO_SERVICES.scaling, DEMO_SERVICES.filling],
      // The dental team takes longer over a check-up than the clinic's default.
      service_durations: [{ service_id: DEMO_SERVICES.dentalCheckup, duration_seconds: 35 * 60 }],
      slot_duration: 30,
      max_bookings_per_slot: 1,
      can_select_member: true,
    },
    { fr: { name: 'Soins dentaires' }, ar: { name: 'طب الأسنان' } },
  ],
];

/** The handles every part of the seed works through, taken from the running application once. */
interface Seeding {
  commands: Commands;
  queries: OrganisationQueries;
  tenantId: string;
  actor: Actor;
}

/**
 * The demo business's organisation, after the accounts seeder has registered it. Every
 * record has a fixed id, so a second run decides nothing new.
 */
export async function seedOrganisationDemo(app: INestApplication): Promise<void> {
  const commands = app.get(Commands);
  const queries = app.get(OrganisationQueries);
  const tenantId = DEMO.businessId;
  const actor: Actor = { type: 'system', name: 'demo seed' };
  await queries.business(tenantId); // 404 when the accounts seeder has not registered the business
  const seeding: Seeding = { commands, queries, tenantId, actor };
  await seedBusiness(seeding);
  await seedCatalogue(seeding);
  await seedTeam(seeding, app.get(TeamService), app.get(StaffAccounts));
}

/** The business's profile, place, week and translated name, as its owner would fill them in. */
async function seedBusiness({ commands, tenantId, actor }: Seeding): Promise<void> {
  const settings = { tenantId, actor, origin: () => commands.registration<BusinessRegisteredOrigin>(tenantId) };
  await commands.run(
    businessDecider,
    businessStream(tenantId),
    {
      type: 'UpdateBusinessInformation',
      business_id: tenantId,
      changes: {
        name: DEMO.businessName,
        industry: 'health',
        country: 'TN',
        city: 'Tunis',
        address: '12 Avenue Habib Bourguiba',
        postal_code: '1001',
        phone: '+216 71 000 000',
        sms_sender_name: 'DemoClinic',
        slot_minutes: 20,
        booking_days_limit: 60,
        booking_confirmation: true,
        published: true,
        time_zone: 'Africa/Tunis',
      },
    },
    settings,
  );
  await commands.run(
    businessDecider,
    businessStream(tenantId),
    { type: 'UpdateBusinessLocation', business_id: tenantId, lat: 36.8008, lng: 10.1815 },
    settings,
  );
  await commands.run(
    businessDecider,
    businessStream(tenantId),
    { type: 'UpdateBusinessWorkingDays', business_id: tenantId, working_days: DEMO_WEEK },
    settings,
  );
  await commands.run(
    businessDecider,
    businessStream(tenantId),
    { type: 'UpdateBusinessTranslations', business_id: tenantId, translations: { fr: { name: 'Clinique Démo' }, ar: { name: 'العيادة التجريبية' } } },
    settings,
  );
}

/** The services, parents before their children (a child names its parent's ancestry), then the departments offering them. */
async function seedCatalogue({ commands, queries, tenantId, actor }: Seeding): Promise<void> {
  for (const [serviceId, fields] of SERVICES) {
    const parent = fields.parent_id ? { id: fields.parent_id, ancestors: (await queries.ancestry(tenantId, fields.parent_id)) ?? [] } : null;
    await commands.run(
      serviceDecider,
      serviceStream(serviceId),
      { type: 'CreateService', service_id: serviceId, business_id: tenantId, fields, parent },
      { tenantId, actor },
    );
  }
  for (const [departmentId, fields, translations] of DEPARTMENTS) {
    await commands.run(
      departmentDecider,
      departmentStream(departmentId),
      { type: 'CreateDepartment', department_id: departmentId, business_id: tenantId, fields, translations },
      { tenantId, actor },
    );
  }
}

/** The demo manager and agent, added by the admin as the team screen would, with the demo password. */
async function seedTeam({ queries, tenantId, actor }: Seeding, team: TeamService, staff: StaffAccounts): Promise<void> {
  const admin = { tenantId, userId: DEMO.admin.userId, role: 'ADMIN' as const, name: `${DEMO.admin.firstName} ${DEMO.admin.lastName}` };
  for (const [person, departmentId] of [
    [DEMO.manager, null],
    [DEMO.agent, DEMO_DEPARTMENTS.general],
  ] as const) {
    // Their password is set once, when they join: a later run leaves a changed password alone.
    if (await queries.memberExists(tenantId, person.userId)) continue;
    await team.create(
      admin,
      {
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone: null,
        position: person.position,
        role: null,
        department_id: departmentId,
        is_bookable: true,
        member_since: '2026-01-05',
        working_days: DEMO_WEEK,
      },
      undefined,
      person.userId,
    );
    await staff.setPassword(tenantId, person.userId, DEMO_PASSWORD, actor);
  }
}

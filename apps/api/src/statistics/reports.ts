import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { sql, type Selectable, type Transaction } from 'kysely';
import { FEATURE_MATRIX, packageAt, type Package, type ReportKpi, type ReportLanguage, type ReportMessageType, type ReportOperator } from '@tabour/contracts';
import type { RecordedEvent } from '@tabour/eventstore';
import { recordStaffEmails, type StaffEmail } from '@tabour/notifications';
import { businessZoneSql, memberCards } from '@tabour/organisation';
import { Database, Db } from '@tabour/platform';
import {
  evaluateTrigger,
  nextSummaryDue,
  renderReport,
  reportLanguage,
  reportText,
  summaryBody,
  summaryDay,
  type ReportFigures,
  type ReportSettingsTable,
  REPORT_SETTING_EVENT_TYPES,
} from '@tabour/statistics';
import { DB } from '../common/tokens';
import { ProjectionRegistry } from '../eventing/projection-registry';
import { Scheduler } from '../eventing/scheduler';
import { NotificationSender } from '../notifications/sender';
import { summaries } from '../queues/queries/queue';
import { STATISTICS_GATHER_MS } from './gather';
import { StatisticsQueries } from './queries';

/** The subscription that watches the triggers: one instance runs it (its advisory lock). */
export const REPORTS_SUBSCRIPTION = 'statistics.reports';

type SettingRow = Pick<
  Selectable<ReportSettingsTable>,
  'tenant_id' | 'id' | 'title' | 'queue_id' | 'trigger_kpi' | 'trigger_operator' | 'trigger_value' | 'member_id' | 'content'
>;

type Tx = Transaction<Database> | Db;

/** The queues' figures as the reports read them: the live read model the queue projection keeps. */
async function figuresOf(db: Tx, tenantId: string, queueIds: string[]): Promise<Record<string, ReportFigures>> {
  const sums = await summaries(db as Db, tenantId, queueIds);
  return Object.fromEntries(
    queueIds.map((id) => {
      const s = sums[id];
      return [
        id,
        {
          waiting_time: s.average_wait_seconds === null ? null : s.average_wait_seconds / 60,
          total_waiting: s.waiting,
          total_counters: s.open_counters,
        },
      ];
    }),
  );
}

/** Each member's address and language: their user's language when they have an account, else the owner's. */
async function recipients(db: Tx, tenantId: string, memberIds: string[]): Promise<Map<string, { email: string; language: ReportLanguage }>> {
  if (!memberIds.length) return new Map();
  const rows = await (db as Db)
    .selectFrom(memberCards(db as Db).as('m'))
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').on(sql<boolean>`u.email_lower = lower(m.email)`))
    .select(['m.id', 'm.email', 'u.language'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.id', 'in', memberIds)
    .execute();
  const owner = await (db as Db).selectFrom('users').select('language').where('tenant_id', '=', tenantId).where('role', '=', 'OWNER').executeTakeFirst();
  const out = new Map<string, { email: string; language: ReportLanguage }>();
  for (const r of rows) if (r.email) out.set(r.id, { email: r.email, language: reportLanguage(r.language ?? owner?.language) });
  return out;
}

/**
 * Whether the package the business uses at `now` includes the reporting mails (the feature
 * matrix): a business that moved to a package without them keeps its settings, locked, and is
 * mailed nothing until it moves back.
 */
async function reportMailsIncluded(db: Tx, tenantId: string, now: Date): Promise<boolean> {
  const m = await (db as Db)
    .selectFrom('memberships')
    .select(['package', 'trial_ends_at', 'period_ends_at', 'grace_ends_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return FEATURE_MATRIX[m ? packageAt({ ...m, package: m.package as Package | null }, now) : 'FREE'].report_mails;
}

function mail(
  type: ReportMessageType,
  cause: string,
  s: SettingRow,
  to: { email: string; language: ReportLanguage },
  figures: ReportFigures,
  subject: string,
): StaffEmail {
  const { language, text } = reportText(s.content, to.language);
  return { tenant_id: s.tenant_id, type, cause, to: to.email, language, subject, body: renderReport(text, s.title, figures) };
}

/**
 * Reporting mails (docs/statistics.md, "Reporting mails"). The triggers are evaluated by a
 * subscription to the queues' and the settings' events, after the queue projection has moved
 * (it is inline, so the figures read are those of the events handed over or later): a setting
 * whose trigger starts to hold mails its member once, in the transaction that records the new
 * state and moves the checkpoint, so a crash never mails twice nor loses one. The daily
 * summaries are due rows claimed FOR UPDATE SKIP LOCKED, once across instances.
 */
@Injectable()
export class ReportMails implements OnModuleInit {
  private readonly log = new Logger('statistics.reports');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly registry: ProjectionRegistry,
    private readonly sender: NotificationSender,
    private readonly queries: StatisticsQueries,
    scheduler: Scheduler,
  ) {
    scheduler.every('reportSummaries', 'daily summaries', this.log, () => this.summaries());
  }

  onModuleInit(): void {
    this.registry.subscribe(
      REPORTS_SUBSCRIPTION,
      { categories: ['queue', 'reportsetting'] },
      (events, trx) => this.handle(events, trx as unknown as Transaction<Database>),
      {
        gatherMs: STATISTICS_GATHER_MS,
        afterCommit: (_handled, mailed) => {
          if ((mailed as number) > 0) this.sender.wake();
        },
      },
    );
  }

  /** The queues a batch touched, per business; a setting's change re-evaluates its queue. */
  async handle(events: RecordedEvent[], trx: Transaction<Database>, now = new Date()): Promise<number> {
    const touched = new Map<string, Set<string>>();
    for (const e of events) {
      if (!e.tenantId) continue;
      let queueId: string | undefined;
      if (e.category === 'queue') queueId = e.streamId.slice('queue-'.length);
      else if ((REPORT_SETTING_EVENT_TYPES as readonly string[]).includes(e.type)) queueId = (e.data as { queue_id?: string }).queue_id;
      if (!queueId) continue;
      const set = touched.get(e.tenantId) ?? new Set<string>();
      set.add(queueId);
      touched.set(e.tenantId, set);
    }
    let mailed = 0;
    for (const [tenantId, queues] of touched) mailed += await this.evaluate(trx, tenantId, [...queues], now);
    return mailed;
  }

  private async evaluate(trx: Transaction<Database>, tenantId: string, queueIds: string[], now: Date): Promise<number> {
    const settings = (await trx
      .selectFrom('report_settings')
      .select(['tenant_id', 'id', 'title', 'queue_id', 'trigger_kpi', 'trigger_operator', 'trigger_value', 'member_id', 'content'])
      .where('tenant_id', '=', tenantId)
      .where('queue_id', 'in', queueIds)
      .execute()) as SettingRow[];
    if (!settings.length) return 0;
    const ids = settings.map((s) => s.id);
    const states = new Map(
      (await trx.selectFrom('report_trigger_states').select(['setting_id', 'triggered', 'crossings']).where('setting_id', 'in', ids).forUpdate().execute()).map(
        (r) => [r.setting_id, r],
      ),
    );
    const figures = await figuresOf(trx, tenantId, [...new Set(settings.map((s) => s.queue_id))]);
    const to = await recipients(trx, tenantId, [...new Set(settings.map((s) => s.member_id))]);
    const mails: StaffEmail[] = [];
    for (const s of settings) {
      const f = figures[s.queue_id];
      const prev = states.get(s.id);
      const r = evaluateTrigger(
        prev?.triggered ?? false,
        { ...s, trigger_kpi: s.trigger_kpi as ReportKpi, trigger_operator: s.trigger_operator as ReportOperator },
        f,
      );
      const crossings = (prev?.crossings ?? 0) + (r.mail ? 1 : 0);
      if (!prev || prev.triggered !== r.triggered)
        await trx
          .insertInto('report_trigger_states')
          .values({ tenant_id: tenantId, setting_id: s.id, triggered: r.triggered, value: r.value, crossings, changed_at: now })
          .onConflict((oc) => oc.column('setting_id').doUpdateSet({ triggered: r.triggered, value: r.value, crossings, changed_at: now }))
          .execute();
      const member = to.get(s.member_id);
      // The crossing's number makes each crossing its own message, and a replayed batch the same one.
      if (r.mail && member) mails.push(mail('REPORT_TRIGGER', `report:${s.id}:${crossings}`, s, member, f, s.title));
    }
    // The trigger's state moves all the same, so an upgrade does not mail a crossing of the past.
    if (mails.length && !(await reportMailsIncluded(trx, tenantId, now))) {
      this.log.debug(`report mails skipped for business ${tenantId}: its package does not include them (${mails.length} trigger mail(s))`);
      return 0;
    }
    return recordStaffEmails(trx, mails, now);
  }

  /** Keeps a due row for each setting with a daily summary, at its local time in the business's zone. */
  private async schedule(now: Date): Promise<void> {
    const rows = await this.db
      .selectFrom('report_settings as r')
      .leftJoin('report_summary_schedule as s', 's.setting_id', 'r.id')
      .select(['r.tenant_id', 'r.id', 'r.summary_time', 's.summary_time as scheduled_time', 's.time_zone as scheduled_zone'])
      .select(businessZoneSql(sql.ref('r.tenant_id')).as('time_zone'))
      .where('r.daily_summary', '=', true)
      .execute();
    for (const r of rows) {
      // A business whose profile is gone has no day to mail a summary on.
      if (r.time_zone === null) continue;
      const zone = r.time_zone || 'UTC';
      if (r.scheduled_time === r.summary_time && r.scheduled_zone === zone) continue;
      const values = { summary_time: r.summary_time, time_zone: zone, due_at: nextSummaryDue(r.summary_time, zone, now) };
      await this.db
        .insertInto('report_summary_schedule')
        .values({ tenant_id: r.tenant_id, setting_id: r.id, ...values })
        .onConflict((oc) => oc.column('setting_id').doUpdateSet(values))
        .execute();
    }
    await sql`DELETE FROM report_summary_schedule s WHERE NOT EXISTS (SELECT 1 FROM report_settings r WHERE r.id = s.setting_id AND r.daily_summary)`.execute(
      this.db,
    );
  }

  /** Every summary due at `now`: each claimed by one instance, mailed once per local day, moved to its next local time. */
  async summaries(now = new Date()): Promise<number> {
    await this.schedule(now);
    let mailed = 0;
    for (;;) {
      const n = await this.db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('report_summary_schedule')
          .select(['tenant_id', 'setting_id', 'summary_time', 'time_zone', 'due_at'])
          .where('due_at', '<=', now)
          .orderBy('due_at')
          .limit(100)
          .forUpdate()
          .skipLocked()
          .execute();
        let count = 0;
        for (const d of due) {
          const s = (await trx
            .selectFrom('report_settings')
            .select(['tenant_id', 'id', 'title', 'queue_id', 'trigger_kpi', 'trigger_operator', 'trigger_value', 'member_id', 'content'])
            .where('id', '=', d.setting_id)
            .executeTakeFirst()) as SettingRow | undefined;
          const day = summaryDay(d.due_at, d.time_zone);
          // Missed days (the installation was down) are not mailed late one by one: the next is after now.
          const next = nextSummaryDue(d.summary_time, d.time_zone, d.due_at > now ? d.due_at : now);
          await trx.updateTable('report_summary_schedule').set({ due_at: next }).where('setting_id', '=', d.setting_id).execute();
          if (!s) continue;
          if (!(await reportMailsIncluded(trx, s.tenant_id, now))) {
            this.log.debug(`daily summary ${s.id} skipped for business ${s.tenant_id}: its package does not include report mails`);
            continue;
          }
          const member = (await recipients(trx, s.tenant_id, [s.member_id])).get(s.member_id);
          if (!member) continue;
          const f = (await figuresOf(trx, s.tenant_id, [s.queue_id]))[s.queue_id];
          // The day's figures from the statistics projection, for the queue and the local day reported on.
          const o = await this.queries.overview(await this.queries.scope(s.tenant_id, { from: day, to: day, queue_id: s.queue_id }));
          const m = mail('REPORT_DAILY_SUMMARY', `report-summary:${s.id}:${day}`, s, member, f, `${s.title} · ${day}`);
          const body = summaryBody(m.body, m.language as ReportLanguage, {
            taken: o.totals.taken,
            served: o.totals.served,
            no_show: o.totals.no_show,
            average_wait_seconds: o.totals.wait.mean_seconds,
          });
          count += await recordStaffEmails(trx, [{ ...m, body }], now);
        }
        return { claimed: due.length, count };
      });
      mailed += n.count;
      if (n.count) this.sender.wake();
      if (n.claimed < 100) return mailed;
    }
  }
}

/**
 * Runs the enabled rows of sys_quartz_job at their cron fire times (the evaluator of runtime/cron, the
 * same one the page validates with).
 *
 * Each tick is one transaction that first takes a PostgreSQL advisory lock without waiting: when
 * several API nodes share a database only the node holding it works, the others skip the tick. Rows
 * are re-read every tick, so an edit (expression, status, parameter) applies at the next tick without
 * a restart. sys_quartz_job_fire remembers the last fire per job and the expression it was counted
 * with; a job seen for the first time, re-enabled or given a new expression counts from the tick
 * (nothing fires for the time before). Missed fires (server down) coalesce into one fire — Quartz's
 * "fire once now". A failing job is logged and recorded; its work is rolled back to a savepoint so
 * the other jobs of the tick still commit.
 *
 * Time comes from `now()` so tests drive ticks with a fake clock.
 */
import { sql, type Kysely } from 'kysely';
import { SCHEDULER_ZONE, nextFireTime } from '../../runtime/cron';
import type { DB } from '../db/types';
import { BUILTIN_JOBS, type BuiltinJob } from './builtins';
import { inTransaction } from '../db/transaction';

/** The scheduler's advisory lock key ('ldJB' in ASCII). */
export const SCHEDULER_LOCK_KEY = 0x6c644a42;

/** Shared with the cron editor's preview, which lists the times this scheduler fires at. */
export { SCHEDULER_ZONE };

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  readonly db: Kysely<DB>;
  readonly log: JobLog;
  readonly now?: () => number;
  readonly zone?: string;
  /** Milliseconds between ticks when started; default 1000. */
  readonly pollMs?: number;
  readonly jobs?: ReadonlyMap<string, BuiltinJob>;
}

export interface FiredJob {
  readonly jobId: string;
  readonly className: string;
  readonly ok: boolean;
  readonly message: string;
}

export interface TickResult {
  /** False when another node held the lock. */
  readonly ran: boolean;
  readonly fired: readonly FiredJob[];
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/** Next fire times the scheduler remembers (jobs × their last fires); past it, it starts over. */
const MAX_REMEMBERED_FIRES = 1_000;

/** How long 立即执行 waits for a tick (of any node) holding the scheduler's lock. */
const RUN_NOW_LOCK_TIMEOUT = '10s';
/** PostgreSQL's lock_not_available. */
const LOCK_NOT_AVAILABLE = '55P03';

function sqlState(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** 立即执行 could not get the scheduler's lock in time (a long tick elsewhere). */
export class JobBusyError extends Error {
  constructor() {
    super('定时任务正在执行，请稍后再试');
  }
}

export class JobScheduler {
  private readonly now: () => number;
  private readonly zone: string;
  private readonly pollMs: number;
  private readonly jobs: ReadonlyMap<string, BuiltinJob>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** nextFire's answers (epoch ms, null = never), by expression and last fire. */
  private readonly nextFires = new Map<string, number | null>();

  constructor(private readonly opts: SchedulerOptions) {
    this.now = opts.now ?? Date.now;
    this.zone = opts.zone ?? SCHEDULER_ZONE;
    this.pollMs = opts.pollMs ?? 1000;
    this.jobs = opts.jobs ?? BUILTIN_JOBS;
  }

  /**
   * The fire time after `lastFire`, remembered per expression and last fire: every tick (each second)
   * asks it again for each enabled job, and it changes only when the job fires or is edited.
   */
  private nextFire(expression: string, lastFire: Date): Date | null {
    const key = `${expression}\u0000${lastFire.getTime()}`;
    const known = this.nextFires.get(key);
    if (known !== undefined) return known === null ? null : new Date(known);
    const next = nextFireTime(expression, lastFire, this.zone);
    if (this.nextFires.size >= MAX_REMEMBERED_FIRES) this.nextFires.clear();
    this.nextFires.set(key, next === null ? null : next.getTime());
    return next;
  }

  /** One pass: fires every enabled job whose next fire time after its last fire has come. */
  async tick(): Promise<TickResult> {
    return inTransaction(this.opts.db, async (trx) => {
      const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${SCHEDULER_LOCK_KEY}) AS locked`.execute(trx);
      if (!lock.rows[0]?.locked) return { ran: false, fired: [] };
      const now = new Date(this.now());

      // A stopped job forgets its fires: enabled again, it counts from then.
      await trx
        .deleteFrom('sys_quartz_job_fire')
        .where('job_id', 'in', trx.selectFrom('sys_quartz_job').select('id').where('status', '!=', '0'))
        .execute();

      const rows = await trx
        .selectFrom('sys_quartz_job as j')
        .leftJoin('sys_quartz_job_fire as f', 'f.job_id', 'j.id')
        .select(['j.id', 'j.job_class_name', 'j.cron_expression', 'j.parameter', 'f.cron_expression as counted_expression', 'f.last_fire_at'])
        .where('j.status', '=', '0')
        .orderBy('j.id')
        .execute();

      const fired: FiredJob[] = [];
      for (const row of rows) {
        const record = (error: string | null) => this.record(trx, row, now, error);
        if (!row.last_fire_at || row.counted_expression !== row.cron_expression) {
          await record(null);
          continue;
        }
        let next: Date | null;
        try {
          next = this.nextFire(row.cron_expression, new Date(row.last_fire_at));
        } catch (e) {
          // A row written around the page's check; say so once per tick and leave it.
          this.opts.log.error({ jobId: row.id, cron: row.cron_expression, err: errorText(e) }, '定时任务的cron表达式无效');
          continue;
        }
        if (!next || next.getTime() > now.getTime()) continue;
        fired.push(await this.fire(trx, row, now, record));
      }
      return { ran: true, fired };
    });
  }

  /**
   * 立即执行: runs one job once, now, whatever its status, through the same runner as a scheduled
   * fire. It holds the scheduler's lock (waiting at most RUN_NOW_LOCK_TIMEOUT for a tick of any node
   * to finish), so it never runs beside a scheduled fire of the same job and runs on this node only.
   * An enabled job's fire record is advanced to now as a fire at this tick would: its later fire times
   * stay those of its expression, and a fire that was due at this moment counts as done (coalesced,
   * like missed fires). A stopped job has no fire record (see tick) and gets none.
   * Resolves null when there is no such job.
   */
  async runNow(jobId: string): Promise<FiredJob | null> {
    return inTransaction(this.opts.db, async (trx) => {
      await sql.raw(`SET LOCAL lock_timeout = '${RUN_NOW_LOCK_TIMEOUT}'`).execute(trx);
      try {
        await sql`SELECT pg_advisory_xact_lock(${SCHEDULER_LOCK_KEY})`.execute(trx);
      } catch (e) {
        if (sqlState(e) === LOCK_NOT_AVAILABLE) throw new JobBusyError();
        throw e;
      }
      const row = await trx
        .selectFrom('sys_quartz_job')
        .select(['id', 'job_class_name', 'cron_expression', 'parameter', 'status'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (!row) return null;
      const now = new Date(this.now());
      const record = async (error: string | null) => {
        if (row.status !== '0') return;
        await this.record(trx, row, now, error);
      };
      return this.fire(trx, row, now, record, true);
    });
  }

  private async record(trx: Kysely<DB>, row: { id: string; cron_expression: string }, now: Date, error: string | null): Promise<void> {
    await trx
      .insertInto('sys_quartz_job_fire')
      .values({ job_id: row.id, cron_expression: row.cron_expression, last_fire_at: now, last_error: error })
      .onConflict((oc) => oc.column('job_id').doUpdateSet({ cron_expression: row.cron_expression, last_fire_at: now, last_error: error }))
      .execute();
  }

  private async fire(
    trx: Kysely<DB>,
    row: { id: string; job_class_name: string; parameter: string | null },
    now: Date,
    record: (error: string | null) => Promise<void>,
    manual = false,
  ): Promise<FiredJob> {
    const job = this.jobs.get(row.job_class_name);
    if (!job) {
      const message = `未知的任务类：${row.job_class_name}`;
      this.opts.log.error({ jobId: row.id, className: row.job_class_name }, message);
      await record(message);
      return { jobId: row.id, className: row.job_class_name, ok: false, message };
    }
    await sql`SAVEPOINT quartz_job`.execute(trx);
    try {
      const message = await job.run({ db: trx, now, parameter: row.parameter });
      await sql`RELEASE SAVEPOINT quartz_job`.execute(trx);
      this.opts.log.info({ jobId: row.id, className: job.className, manual }, `定时任务「${job.title}」已${manual ? '立即' : ''}执行：${message}`);
      await record(null);
      return { jobId: row.id, className: job.className, ok: true, message };
    } catch (e) {
      await sql`ROLLBACK TO SAVEPOINT quartz_job`.execute(trx);
      const message = errorText(e);
      this.opts.log.error({ jobId: row.id, className: job.className, manual, err: message }, `定时任务「${job.title}」${manual ? '立即' : ''}执行失败`);
      await record(message);
      return { jobId: row.id, className: job.className, ok: false, message };
    }
  }

  /** Ticks every pollMs until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      this.running = this.tick()
        .catch((e: unknown) => this.opts.log.error({ err: errorText(e) }, '定时任务调度失败'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.timer = setTimeout(loop, this.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops ticking and waits for a tick in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

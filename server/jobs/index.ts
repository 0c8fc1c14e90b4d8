export { JobScheduler, JobBusyError, SCHEDULER_LOCK_KEY, SCHEDULER_ZONE, type SchedulerOptions, type TickResult, type FiredJob, type JobLog } from './scheduler';
export { BUILTIN_JOBS, JOB_CLASS_DICT_CODE, type BuiltinJob, type JobContext } from './builtins';

/**
 * The running server's workflow engine, for code that moves a state from inside its own transaction
 * (applySystemTransition) without an HTTP request: set once entityRoutes has made every page's
 * service. One process serves one app; in tests several apps over the same pages share it, and a
 * push goes through the notice hub, which every node of one database hears.
 */
import type { NoticeHub } from '../../realtime/noticeHub';
import type { WorkflowContext } from './engine';

export interface WorkflowEngine extends WorkflowContext {
  hub: NoticeHub;
  log: { warn(obj: object, msg: string): void };
  /** Runs `push` once the row `probe` (written in a transaction still open) is visible outside it — after the commit; never after a rollback. */
  afterCommit(probe: { table: 'sys_announcement'; id: string }, push: () => Promise<void>): void;
}

let engine: WorkflowEngine | undefined;

export function setWorkflowEngine(next: WorkflowEngine): void {
  engine = next;
}

export function workflowEngine(): WorkflowEngine {
  if (!engine) throw new Error('流程引擎尚未启动（entityRoutes 未注册）');
  return engine;
}

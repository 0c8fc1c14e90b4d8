/**
 * The zone cron expressions are read in: the back office runs on Beijing time. The server's scheduler
 * fires in it and the editor's preview shows times in it, so what the preview lists is when jobs run,
 * wherever the browser is.
 */
export const SCHEDULER_ZONE = 'Asia/Shanghai';

/**
 * `npm run -s cron -- next '<expression>' --from <ISO-8601> --zone <IANA zone> --count <n>`
 * prints the next fire times of a Quartz cron expression, one ISO-8601 time with offset per line
 * (nothing when it never fires), or `error: <message>` with exit code 2 when the expression or an
 * argument is invalid. --from defaults to now, --zone to the machine's zone, --count to 10.
 */
import { CronParseError, formatInZone, isValidZone, nextFireTimes } from '../runtime/cron';

class UsageError extends Error {}

interface NextArgs {
  expression: string;
  from: Date;
  zone: string;
  count: number;
}

const USAGE = "用法：npm run -s cron -- next '<cron表达式>' --from <ISO-8601> --zone <时区> --count <数量>";

function parseArgs(argv: string[]): NextArgs {
  const [command, ...rest] = argv;
  if (command !== 'next') throw new UsageError(USAGE);
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const m = /^--(from|zone|count)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? rest[++i];
      if (value === undefined) throw new UsageError(`参数 --${m[1]} 缺少取值`);
      options.set(m[1], value);
    } else if (arg.startsWith('--')) {
      throw new UsageError(`未知参数：${arg}`);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 1) throw new UsageError(USAGE);

  const fromText = options.get('from');
  const from = fromText === undefined ? new Date() : new Date(fromText);
  if (fromText !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(fromText) || Number.isNaN(from.getTime()))) {
    throw new UsageError(`--from 不是有效的 ISO-8601 时间：${fromText}`);
  }
  const zone = options.get('zone') ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isValidZone(zone)) throw new UsageError(`--zone 不是有效的时区：${zone}`);
  const countText = options.get('count') ?? '10';
  if (!/^\d+$/.test(countText) || Number(countText) < 1 || Number(countText) > 10000) {
    throw new UsageError(`--count 必须是 1 到 10000 的整数：${countText}`);
  }
  return { expression: positional[0], from, zone, count: Number(countText) };
}

function main(): number {
  try {
    const args = parseArgs(process.argv.slice(2));
    const times = nextFireTimes(args.expression, { from: args.from, zone: args.zone, count: args.count });
    for (const t of times) process.stdout.write(`${formatInZone(t.getTime(), args.zone)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof CronParseError) {
      process.stdout.write(`error: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = main();

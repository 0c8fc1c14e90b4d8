/** 系统信息: the machine this node runs on — operating system, CPUs, memory and load. */
import os from 'node:os';

export interface CpuRow {
  id: number;
  model: string;
  /** null where the machine does not report it (many virtual machines say 0). */
  speedMhz: number | null;
  userPercent: number;
  systemPercent: number;
  idlePercent: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Each CPU with its share of time in user, system and idle since boot. */
export function cpuRows(): CpuRow[] {
  return os.cpus().map((cpu, index) => {
    const t = cpu.times;
    const total = t.user + t.nice + t.sys + t.idle + t.irq || 1;
    return {
      id: index + 1,
      model: cpu.model.trim(),
      speedMhz: cpu.speed > 0 ? cpu.speed : null,
      userPercent: round(((t.user + t.nice) / total) * 100),
      systemPercent: round(((t.sys + t.irq) / total) * 100),
      idlePercent: round((t.idle / total) * 100),
    };
  });
}

export function systemSummary() {
  const total = os.totalmem();
  const free = os.freemem();
  const [load1, load5, load15] = os.loadavg();
  const cpus = os.cpus();
  return {
    os: {
      type: os.type(),
      release: os.release(),
      version: os.version(),
      arch: os.arch(),
      hostname: os.hostname(),
      uptimeSeconds: Math.round(os.uptime()),
    },
    cpu: { count: cpus.length, model: cpus[0]?.model.trim() ?? '' },
    memory: { total, free, used: total - free, usedPercent: round(((total - free) / total) * 100) },
    load: { load1: round(load1 * 100) / 100, load5: round(load5 * 100) / 100, load15: round(load15 * 100) / 100 },
  };
}

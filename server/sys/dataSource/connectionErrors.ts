/** Why a connection failed, in words an administrator can act on (node-postgres and socket errors). */
export function connectionFailure(err: unknown, where: { host: string; port: number; database: string; user: string }): string {
  const e = err as { code?: string; message?: string };
  const at = `${where.host}:${where.port}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `无法连接到 ${at}：连接被拒绝，请确认数据库已启动、端口正确`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `找不到主机 ${where.host}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `无法访问主机 ${at}：网络不可达`;
    case 'ECONNRESET':
      return `与 ${at} 的连接被中断`;
    case '28P01':
      return `用户「${where.user}」的密码错误`;
    case '28000':
      return `数据库拒绝用户「${where.user}」登录：${e.message ?? ''}`;
    case '3D000':
      return `数据库「${where.database}」不存在`;
    case '53300':
      return '数据库连接数已满，请稍后重试';
    case '57P03':
      return '数据库正在启动或关闭，请稍后重试';
    default:
      break;
  }
  if (/timeout/i.test(e.message ?? '')) return `连接 ${at} 超时，请确认地址和端口、防火墙是否放行`;
  if (/SSL/i.test(e.message ?? '')) return `SSL 连接失败：${e.message ?? ''}`;
  return `无法连接：${e.message ?? String(err)}`;
}

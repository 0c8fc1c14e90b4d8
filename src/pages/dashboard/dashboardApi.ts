// 首页's calls: its live figures (server/dashboard) and JeecgBoot's visit figures (server/sys/log/visitRoutes.ts).
import { get } from '../../api/request';
import type { Envelope } from '../../api/types';
import type { DashboardAnswer } from '../../../runtime/dashboard/figures';

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

export function fetchDashboard(): Promise<Envelope<DashboardAnswer>> {
  return get<DashboardAnswer>('/dashboard/analysis', undefined, { silent: true });
}

export function fetchLoginInfo(): Promise<Envelope<LoginInfo>> {
  return get<LoginInfo>('/sys/loginfo', undefined, { silent: true });
}

export function fetchVisitInfo(): Promise<Envelope<VisitDay[]>> {
  return get<VisitDay[]>('/sys/visitInfo', undefined, { silent: true });
}

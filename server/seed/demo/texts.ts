import type { Random } from './random';

/** What happened, by 委托类型 (dict entrust_type), in the words case names use. */
const SCENES: Readonly<Record<string, readonly string[]>> = {
  '01': ['重型货车追尾', '暴雨致车辆泡水', '车队连环碰撞', '危化品运输车侧翻'],
  '02': ['厂房火灾', '仓库火灾', '写字楼管道爆裂', '暴雨致地下车库进水', '冷库制冷机组故障', '商铺盗抢'],
  '03': ['住宅火灾', '楼上漏水致室内装修'],
  '04': ['在建工程基坑坍塌', '施工塔吊倾覆', '隧道施工涌水'],
  '05': ['货物运输途中湿损', '集装箱落水', '冷链运输温控失效'],
  '06': ['商场顾客摔伤', '电梯故障伤人', '产品质量缺陷致人损害'],
  '07': ['冰雹致大棚作物', '生猪养殖场疫病'],
};
const LOSS_KINDS = ['财产', '营业中断', '第三者责任', '工程一切险', '货物'] as const;
const SPOTS = ['工业园', '物流园', '经济技术开发区', '高新区', '商业街', '开发区'] as const;

export interface CaseText {
  name: string;
  place: string;
  entrustType: string;
}

export function caseText(rng: Random, area: string): CaseText {
  const entrustType = rng.weighted({ '01': 20, '02': 35, '03': 5, '04': 12, '05': 15, '06': 10, '07': 3 });
  const scene = rng.pick(SCENES[entrustType]);
  const kind = entrustType === '01' ? '车辆' : rng.pick(LOSS_KINDS);
  return {
    name: `${area}${scene}${kind}损失公估案`,
    place: `${area}${rng.pick(SPOTS)}${rng.int(1, 199)}号`,
    entrustType,
  };
}
